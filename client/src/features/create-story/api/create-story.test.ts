import { describe, expect, it } from 'vitest';
import { CREATE_FAILED_FALLBACK, createErrorMessage } from './create-story';

describe('createErrorMessage (spec section 8)', () => {
  it('prefers the response message field', () => {
    expect(createErrorMessage(400, 'Bad Request', JSON.stringify({ message: 'Title is required' }))).toBe(
      'Title is required',
    );
  });

  it('shows raw text when the body is not a message', () => {
    expect(createErrorMessage(502, 'Bad Gateway', '<h1>upstream down</h1>')).toBe('<h1>upstream down</h1>');
    expect(createErrorMessage(500, 'Internal Server Error', '{"error":"x"}')).toBe('{"error":"x"}');
  });

  it('falls back to the status line, then to the generic text', () => {
    expect(createErrorMessage(503, 'Service Unavailable', '')).toBe('Server error: 503 Service Unavailable');
    expect(createErrorMessage(0, '', '')).toBe(CREATE_FAILED_FALLBACK);
  });
});
