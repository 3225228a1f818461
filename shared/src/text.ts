import { LIMITS } from './limits';

// Shortened story texts for car cards and share descriptions (part 1 §2, §9).

/** The first `length` UTF-16 units, one fewer if that would split an emoji's surrogate pair. */
function cutAt(text: string, length: number): string {
  const lastKept = text.charCodeAt(length - 1);
  const splitsPair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return text.slice(0, splitsPair ? length - 1 : length);
}

/** Car cards: the story up to 100 characters; a longer story is cut there and gets '...'. */
export function truncateStory(story: string | null | undefined, maxLength: number = LIMITS.storyPreviewChars): string {
  const text = story ?? '';
  return text.length > maxLength ? `${cutAt(text, maxLength)}...` : text;
}

/** Share description: a story over 160 characters becomes its first 157 plus '…'. */
export function shareDescription(story: string | null | undefined): string {
  const text = (story ?? '').trim();
  return text.length > LIMITS.shareDescriptionMax ? `${cutAt(text, LIMITS.shareDescriptionCut)}…` : text;
}
