import type { z } from 'zod';
import { VALIDATION_MESSAGES as V } from './messages/validation';

// Human messages for what a schema leaves to zod's defaults ("Invalid input: expected string, received undefined",
// "Too big: expected number to be <=100", "Invalid ISO date"). A schema's own message wins; this map only fills in
// the rest. The server installs it with `z.config({ customError: zodIssueMessage })` (http-errors.ts).

const KINDS: Record<string, string | undefined> & { int: string } = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
  null: 'null',
};

/** "5 characters", "100", "3 items": the size a too_big / too_small issue speaks of. */
function sized(origin: string, size: number | bigint | Date): string {
  const n = size instanceof Date ? size.toISOString() : String(size);
  if (origin === 'string') return `${n} character${n === '1' ? '' : 's'}`;
  if (origin === 'array' || origin === 'set') return `${n} item${n === '1' ? '' : 's'}`;
  if (origin === 'file') return `${n} bytes`;
  return n;
}

const FORMATS: Record<string, string> = {
  date: V.dateFormat,
  datetime: V.dateTimeFormat,
  url: V.urlFormat,
  email: V.email,
  regex: V.patternMismatch,
};

/** The message of one zod issue whose schema gave none; undefined leaves zod's own (none are left in practice). */
export function zodIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return V.required;
      return V.mustBe(KINDS[issue.expected] ?? issue.expected);
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string' && Number(min) === 1) return V.required;
      if (issue.exact) return V.exactly(sized(issue.origin, min));
      return issue.inclusive === false ? V.above(sized(issue.origin, min)) : V.atLeast(sized(issue.origin, min));
    }
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.exact) return V.exactly(sized(issue.origin, max));
      return issue.inclusive === false ? V.below(sized(issue.origin, max)) : V.atMost(sized(issue.origin, max));
    }
    case 'invalid_format':
      return FORMATS[issue.format] ?? V.patternMismatch;
    case 'not_multiple_of':
      return Number(issue.divisor) === 1 ? V.mustBe(KINDS.int) : V.multipleOf(Number(issue.divisor));
    case 'invalid_value':
      return V.oneOf(issue.values.map((value) => String(value)).join(', '));
    case 'unrecognized_keys':
      return V.unknownFields(issue.keys.join(', '));
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return V.invalidValue;
    default:
      return undefined;
  }
}
