/** Type badges and emoji of the discovery screens (spec: audio, image, video, tiktok, else text). */
const TYPE_EMOJI: Record<string, string> = { audio: '🎵', image: '📷', video: '🎬', tiktok: '🎪' };
const TYPE_LABEL: Record<string, string> = { audio: 'Audio', image: 'Image', video: 'Video', tiktok: 'TikTok', text: 'Text' };

export const typeEmoji = (type: string) => TYPE_EMOJI[type] ?? '📝';
export const typeLabel = (type: string) => TYPE_LABEL[type] ?? 'Text';
