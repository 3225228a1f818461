import { describe, expect, it } from 'vitest';
import { photoFormatOf } from './photo-format';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('photoFormatOf', () => {
  it('tells each accepted photo format by its first bytes', () => {
    expect(photoFormatOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('jpeg');
    expect(photoFormatOf(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]))).toBe('png');
    expect(photoFormatOf(bytes('GIF89a', [1, 0, 1, 0]))).toBe('gif');
    expect(photoFormatOf(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(photoFormatOf(bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0]))).toBe('avif');
    expect(photoFormatOf(bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0]))).toBe('heif');
  });

  it('refuses what only looks like a photo by its name', () => {
    expect(photoFormatOf(bytes('this is a text file, not a photo'))).toBeNull();
    expect(photoFormatOf(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(photoFormatOf(bytes('%PDF-1.7'))).toBeNull();
    expect(photoFormatOf(bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBeNull();
    expect(photoFormatOf(new Uint8Array())).toBeNull();
  });
});
