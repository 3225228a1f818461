// LIKE patterns, the same on SQLite and MySQL/MariaDB: queries pass them with `ESCAPE '!'`.

/** The `!` escapes LIKE's wildcards, so a search for "50%" or "a_b" matches those characters literally. */
export function likeContains(text: string): string {
  return `%${text.toLowerCase().replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
}
