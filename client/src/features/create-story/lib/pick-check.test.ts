import { describe, expect, it } from 'vitest';
import { MEDIA_KIND_SPECS } from '#common/media-kinds';
import { pickedFileProblem } from './pick-check';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const WEBM = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d];
const ID3 = [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0];
const blob = (bytes: number[], type = '') => new Blob([new Uint8Array(bytes)], { type });

describe('a picked file is checked by content, with the server’s words', () => {
  it('refuses a PNG picked as a video, whatever type it claims', async () => {
    expect(await pickedFileProblem('video', blob(PNG, 'video/mp4'))).toBe(MEDIA_KIND_SPECS.video.messages.unsupported);
  });
  it('takes a WebM video and a PNG image', async () => {
    expect(await pickedFileProblem('video', blob(WEBM))).toBeNull();
    expect(await pickedFileProblem('image', blob(PNG))).toBeNull();
  });
  it('takes MP3 audio and refuses a picture as audio', async () => {
    expect(await pickedFileProblem('audio', blob(ID3, 'audio/mpeg'))).toBeNull();
    expect(await pickedFileProblem('audio', blob(PNG, 'audio/mpeg'))).toBe(MEDIA_KIND_SPECS.audio.messages.unsupported);
  });
  it('says an empty file is missing', async () => {
    expect(await pickedFileProblem('image', blob([]))).toBe(MEDIA_KIND_SPECS.image.messages.empty);
  });
});
