import { useCallback, useEffect, useRef, useState } from 'react';
import type { Picture } from '../lib/picture.ts';
import ResponsivePicture from './Picture.tsx';

export const AUTO_ADVANCE_MS = 8000;
export const TRANSITION_LOCK_MS = 500;

export interface Slide {
  title: string;
  subtitle: string;
  description: string;
  ctaText: string;
  ctaUrl: string;
  image: Picture;
  align: 'left' | 'right';
  bgColor: string;
}

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The home page's rotating banner: advances every 8 s and wraps round; dots, previous and
 * next are ignored during the 500 ms transition; it pauses while hovered or focused and does
 * not rotate for visitors who ask for reduced motion. One slide shows no controls.
 */
export default function HeroCarousel({ slides }: { slides: Slide[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const lockedUntil = useRef(0);
  const count = slides.length;

  const go = useCallback(
    (target: number) => {
      const now = Date.now();
      if (now < lockedUntil.current) return;
      lockedUntil.current = now + TRANSITION_LOCK_MS;
      setIndex(((target % count) + count) % count);
    },
    [count],
  );

  useEffect(() => setReducedMotion(prefersReducedMotion()), []);
  useEffect(() => {
    if (count < 2 || paused || reducedMotion) return;
    const timer = setTimeout(() => go(index + 1), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [index, paused, reducedMotion, count, go]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setPaused(false)}
    >
      {slides.map((slide, i) => (
        <div
          key={i}
          className={`hero-slide align-${slide.align}${i === index ? ' is-active' : ''}`}
          style={{ backgroundColor: slide.bgColor }}
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${count}`}
          aria-hidden={i !== index}
        >
          {/* A background behind the text: decorative, so its alt is empty on purpose. */}
          <ResponsivePicture picture={slide.image} alt="" className="hero-image" eager={i === 0} />
          <div className="hero-content">
            {i === 0 ? <h1>{slide.title}</h1> : <h2 className="h1">{slide.title}</h2>}
            {slide.subtitle && <p className="hero-subtitle">{slide.subtitle}</p>}
            {slide.description && <div className="hero-description" dangerouslySetInnerHTML={{ __html: slide.description }} />}
            {slide.ctaText && slide.ctaUrl && (
              <a className="button" href={slide.ctaUrl} tabIndex={i === index ? 0 : -1}>
                {slide.ctaText}
              </a>
            )}
          </div>
        </div>
      ))}
      {count > 1 && (
        <div className="hero-controls">
          <button type="button" className="hero-prev" aria-label="Previous slide" onClick={() => go(index - 1)}>
            ‹
          </button>
          <div className="hero-dots">
            {slides.map((slide, i) => (
              <button key={i} type="button" aria-label={`Go to slide ${i + 1}: ${slide.title}`} aria-current={i === index} onClick={() => go(i)} />
            ))}
          </div>
          <button type="button" className="hero-next" aria-label="Next slide" onClick={() => go(index + 1)}>
            ›
          </button>
          <div className="hero-progress" aria-hidden="true">
            <span style={{ width: `${((index + 1) / count) * 100}%` }} />
          </div>
        </div>
      )}
    </section>
  );
}
