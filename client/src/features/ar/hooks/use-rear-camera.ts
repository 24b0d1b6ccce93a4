/**
 * The rear camera in a <video>: started on mount, stopped on unmount and whenever the tab is hidden (no camera
 * light left on behind another tab or a locked screen), started again when the tab is visible.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { AR } from '#common/constants';
import { translate } from '#client/lib/i18n/i18n';

export type CameraState =
  | { status: 'starting' }
  | { status: 'live' }
  | { status: 'paused' }
  | { status: 'error'; name: string; message: string };

const CONSTRAINTS: MediaStreamConstraints = {
  video: {
    facingMode: { ideal: AR.camera.facingMode },
    width: { ideal: AR.camera.idealWidth },
    height: { ideal: AR.camera.idealHeight },
  },
  audio: false,
};

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message || error.name };
  return { name: 'Error', message: String(error) };
}

export function useRearCamera(videoRef: RefObject<HTMLVideoElement | null>) {
  const [state, setState] = useState<CameraState>({ status: 'starting' });
  const streamRef = useRef<MediaStream | null>(null);
  // Bumped by every start and stop: a getUserMedia answer arriving after a newer start/stop is discarded.
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, [videoRef]);

  const start = useCallback(async () => {
    stop();
    const mine = generation.current;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'error', name: 'NotSupportedError', message: translate('camera.notSupported') });
      return;
    }
    setState({ status: 'starting' });
    try {
      const stream = await navigator.mediaDevices.getUserMedia(CONSTRAINTS);
      if (mine !== generation.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      if (videoRef.current) videoRef.current.srcObject = stream;
      setState({ status: 'live' });
    } catch (error) {
      if (mine === generation.current) setState({ status: 'error', ...describe(error) });
    }
  }, [stop, videoRef]);

  useEffect(() => {
    void start();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        stop();
        setState((s) => (s.status === 'error' ? s : { status: 'paused' }));
      } else {
        void start();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', stop);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', stop);
      stop();
    };
  }, [start, stop]);

  return { state, retry: start };
}
