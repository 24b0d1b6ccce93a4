import { describe, expect, it } from 'vitest';
import { toastParts } from './toast-message';

describe('toastParts', () => {
  it('splits at a colon, dropping it', () => {
    expect(toastParts('Missing image: Please select an image for your story.')).toEqual({
      title: 'Missing image',
      description: 'Please select an image for your story.',
    });
    expect(toastParts('Error: Failed to like story.')).toEqual({
      title: 'Error',
      description: 'Failed to like story.',
    });
  });

  it('splits after an exclamation mark, keeping it', () => {
    expect(toastParts('Story liked! Thank you for supporting this story.')).toEqual({
      title: 'Story liked!',
      description: 'Thank you for supporting this story.',
    });
  });

  it('keeps a sentence without either as the title', () => {
    expect(toastParts('Plain')).toEqual({ title: 'Plain' });
  });
});
