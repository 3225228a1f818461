// Client-side constants the spec leaves open. Each should move to @curbside/shared once it has a home there.

/** Footer social links (spec part 1 §2: "links to three social networks"; the accounts are not named). */
// TODO(shared): replace with SOCIAL_LINKS from @curbside/shared once it exists.
export const SOCIAL_LINKS = [
  { network: 'Instagram', href: 'https://www.instagram.com/' },
  { network: 'Facebook', href: 'https://www.facebook.com/' },
  { network: 'X', href: 'https://x.com/' },
] as const;

/** Footer "Contact Us" (a placeholder in the spec). */
// TODO(shared): replace with CONTACT_EMAIL from @curbside/shared once it exists.
export const CONTACT_EMAIL = 'hello@curbside.example';
