// Money is integer cents everywhere; dollars exist only on screen and in the product form (part 1 §9, part 2 §5).

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 1250 → "$12.50"; 123456789 → "$1,234,567.89". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** 1250 → 12.5. For display and form pre-fill only; never compute with the result. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

// Digits, then optionally a point and at most two digits: "19", "19.9", "19.99", ".5", "19.".
const DOLLAR_AMOUNT = /^(-?)(\d*)(?:\.(\d{0,2}))?$/;

/**
 * Dollars as typed ("19.99", " 5 ", "-1", or a number) → integer cents, read digit by digit so 19.99 is 1999, not 1998.
 * Returns null when the input is not a plain dollar amount: empty, non-numeric ("abc", "1e3", "$5", "1,000"),
 * more than two decimals ("1.234"), or too large to be a safe integer. Negative amounts are returned as negative
 * cents so the caller can give its own "cannot be negative" message.
 */
export function dollarsToCents(dollars: string | number): number | null {
  if (typeof dollars === 'number' && !Number.isFinite(dollars)) return null;
  // String(19.99) is "19.99": numbers print their shortest exact decimal, so both inputs take the same path.
  const match = DOLLAR_AMOUNT.exec(String(dollars).trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === '-' && cents !== 0 ? -cents : cents;
}
