// The test card form (test mode; chosen): the card number as a person would be told, not the field's name.
export const CARD_FORM_MESSAGES = {
  cardNumberRequired: 'Enter the card number.',
  cardNumberIncomplete: 'Enter the full card number, like 4242 4242 4242 4242.',
} as const;
