import { useEffect, useId, useState } from 'react';

interface Props {
  workLinks: { href: string; label: string }[];
}

/** The header's links for small screens, behind a toggle. */
export default function MobileMenu({ workLinks }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [open]);
  return (
    <div className="mobile-menu">
      <button type="button" className="menu-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <nav id={id} className="mobile-nav" hidden={!open} aria-label="Mobile">
        <a href="/">Home</a>
        <p className="mobile-nav-heading">Our Work</p>
        {workLinks.map((link) => (
          <a key={link.href} href={link.href} className="mobile-nav-sub">
            {link.label}
          </a>
        ))}
        <a href="/our-impact">Our Impact</a>
        <a href="/about-us">About Us</a>
      </nav>
    </div>
  );
}
