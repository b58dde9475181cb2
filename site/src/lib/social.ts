/** The organisation's profiles elsewhere: the footer's links and the JSON-LD's `sameAs`. */
export const SOCIAL_LINKS: readonly { label: string; href: string }[] = [
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
];
