/**
 * The audio recorder of docs/design.md, parts 4 and 9: MediaRecorder with 100 ms chunks, preferring webm/opus, then mp4,
 * then ogg; a seconds timer; on stop the chunks become one blob whose duration is the timer count (or bytes /
 * 16000 rounded up when the timer said 0). Failures are reported with the microphone texts of docs/design.md, part 8.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO } from '#common/constants';
import { translate } from '#client/lib/i18n/i18n';
import { recordingDuration, type RecordedAudio } from '../lib/draft';

/** The microphone texts, each read in the reader's language when it is reported. */
export const MIC_ERRORS = {
  get denied() {
    return translate('create.micDenied');
  },
  get notFound() {
    return translate('create.micNotFound');
  },
  get failed() {
    return translate('create.micFailed');
  },
  get unsupported() {
    return translate('create.micUnsupported');
  },
  get noMediaRecorder() {
    return translate('create.noMediaRecorder');
  },
  get noData() {
    return translate('create.micNoData');
  },
};

/** The toast title every microphone error uses. */
export const recordingFailedTitle = () => translate('create.recordingFailed');

export function micErrorMessage(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return MIC_ERRORS.denied;
  if (name === 'NotFoundError') return MIC_ERRORS.notFound;
  return MIC_ERRORS.failed;
}

/** The first of AUDIO.mimeTypes this browser can record, or undefined to let it choose. */
export function preferredMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return AUDIO.mimeTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  timer: ReturnType<typeof setInterval>;
}

export function useAudioRecorder({
  onRecorded,
  onError,
}: {
  onRecorded: (audio: RecordedAudio) => void;
  onError: (message: string) => void;
}) {
  const [isRecording, setIsRecording] = useState(false);
  const [isStarting, setIsStarting] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const secondsRef = useRef(0);
  const sessionRef = useRef<Session | null>(null);
  const mountedRef = useRef(true);
  // Latest callbacks without restarting anything when the parent re-renders.
  const callbacks = useRef({ onRecorded, onError });
  useEffect(() => {
    callbacks.current = { onRecorded, onError };
  }, [onRecorded, onError]);

  const release = useCallback((session: Session) => {
    clearInterval(session.timer);
    session.stream.getTracks().forEach((track) => track.stop());
  }, []);

  const start = useCallback(async () => {
    if (sessionRef.current || isStarting) return;
    const fail = (message: string) => callbacks.current.onError(message);
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return fail(MIC_ERRORS.unsupported);
    if (typeof MediaRecorder === 'undefined') return fail(MIC_ERRORS.noMediaRecorder);

    setIsStarting(true);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setIsStarting(false);
      return fail(micErrorMessage(error));
    }
    if (!mountedRef.current) {
      // The recorder went away while the browser was asking for the microphone.
      stream.getTracks().forEach((track) => track.stop());
      return;
    }

    let recorder: MediaRecorder;
    try {
      const mimeType = preferredMimeType();
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      stream.getTracks().forEach((track) => track.stop());
      setIsStarting(false);
      return fail(MIC_ERRORS.failed);
    }

    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const session = sessionRef.current;
      if (session) release(session);
      sessionRef.current = null;
      setIsRecording(false);
      if (chunks.length === 0) return fail(MIC_ERRORS.noData);
      // Labelled webm as in the spec; a browser that could only record mp4/ogg keeps its real type so the
      // preview plays (the server checks uploads by content, and the file is always named story.webm).
      const blob = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
      callbacks.current.onRecorded({ blob, duration: recordingDuration(secondsRef.current, blob.size) });
    };

    secondsRef.current = 0;
    setSeconds(0);
    const timer = setInterval(() => {
      secondsRef.current += 1;
      setSeconds(secondsRef.current);
    }, 1000);
    sessionRef.current = { recorder, stream, timer };
    try {
      recorder.start(AUDIO.chunkMs);
    } catch {
      release(sessionRef.current);
      sessionRef.current = null;
      setIsStarting(false);
      return fail(MIC_ERRORS.failed);
    }
    setIsStarting(false);
    setIsRecording(true);
  }, [isStarting, release]);

  const stop = useCallback(() => {
    const session = sessionRef.current;
    if (!session) return;
    clearInterval(session.timer);
    // onstop (above) assembles the blob once the last chunk is flushed.
    if (session.recorder.state !== 'inactive') session.recorder.stop();
  }, []);

  // Leaving the audio tab or closing the dialog mid-recording: drop the recording and free the microphone.
  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      const session = sessionRef.current;
      if (!session) return;
      session.recorder.ondataavailable = null;
      session.recorder.onstop = null;
      if (session.recorder.state !== 'inactive') session.recorder.stop();
      release(session);
      sessionRef.current = null;
    };
  }, [release]);

  return { isRecording, isStarting, seconds, start, stop };
}
