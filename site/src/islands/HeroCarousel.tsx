import { useCallback, useEffect, useRef, useState } from 'react';
import type { Picture } from '../lib/picture.ts';
import ResponsivePicture from './Picture.tsx';
import { underScrim } from '../lib/scrim.ts';
import './HeroCarousel.css';

export const AUTO_ADVANCE_MS = 8000;
export const TRANSITION_LOCK_MS = 500;

export interface Slide {
  /** The hero record shown: a preview puts its draft in this slide's place. */
  id: string;
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
 * next are ignored during the 500 ms transition. It holds still while a mouse is over it or a
 * keyboard's focus is in it (focus on its own pause button excepted), and while stopped by
 * that button, which every visitor sees and reaches (touch, mouse, keyboard); for visitors who
 * ask for reduced motion it starts stopped. One slide shows no controls.
 */
/** What the carousel's controls say, in the page's language; `{name}` marks a value. */
export interface CarouselTexts {
  label: string;
  previous: string;
  next: string;
  goTo: string;
  position: string;
  pause: string;
  play: string;
}

/** A text with its `{name}` marks filled. */
const filled = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (mark, name: string) => String(values[name] ?? mark));

export default function HeroCarousel({ slides, texts }: { slides: Slide[]; texts: CarouselTexts }) {
  const [index, setIndex] = useState(0);
  // Stopped from the start for visitors who ask for reduced motion: read when hydrating (the
  // server has no matchMedia and renders it playing). Hydration corrects text, not attributes:
  // so the pause button's name is its text.
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
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

  useEffect(() => {
    if (count < 2 || stopped || hovered || focused) return;
    const timer = setTimeout(() => go(index + 1), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [index, stopped, hovered, focused, count, go]);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={texts.label}
      // A touch has no hover to end: only a mouse pauses by pointing.
      onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(event) => event.pointerType === 'mouse' && setHovered(false)}
      // Keyboard focus pauses; a click's focus does not (the pointer already does).
      onFocus={(event) => setFocused(event.target.matches(':focus-visible') && !event.target.classList.contains('hero-rotation'))}
      onBlur={(event) => !event.currentTarget.contains(event.relatedTarget) && setFocused(false)}
    >
      {slides.map((slide, i) => (
        <HeroSlide key={slide.id || i} slide={slide} index={i} count={count} active={i === index} position={texts.position} />
      ))}
      {count > 1 && (
        <div className="hero-controls" data-preview-drop="hero-section" data-pagefind-ignore="">
          <button type="button" className="hero-rotation" onClick={() => setStopped(!stopped)}>
            <span aria-hidden="true">{stopped ? '\u25B6\uFE0E' : '\u275A\u275A'}</span>
            <span className="sr-only">{stopped ? texts.play : texts.pause}</span>
          </button>
          <button type="button" className="hero-prev" aria-label={texts.previous} onClick={() => go(index - 1)}>
            ‹
          </button>
          <div className="hero-dots">
            {slides.map((slide, i) => (
              <button key={slide.id || i} type="button" aria-label={filled(texts.goTo, { number: i + 1, title: slide.title })} aria-current={i === index} onClick={() => go(i)} />
            ))}
          </div>
          <button type="button" className="hero-next" aria-label={texts.next} onClick={() => go(index + 1)}>
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

/**
 * One slide. The carousel renders it, and so does the hero's preview template (static, the first
 * and only slide), whose `data-preview-*` marks the worker fills with a draft (worker/src/preview/page.ts).
 */
export function HeroSlide({ slide, index, count, active, position }: { slide: Slide; index: number; count: number; active: boolean; position: CarouselTexts['position'] }) {
  return (
    <div
      className={`hero-slide align-${slide.align}${active ? ' is-active' : ''}`}
      style={{ backgroundColor: underScrim(slide.bgColor) }}
      role="group"
      aria-roledescription="slide"
      aria-label={filled(position, { number: index + 1, count })}
      aria-hidden={!active}
      data-preview-slot="hero-section"
      data-preview-id={slide.id}
      data-preview-class={`hero-slide align-{align}${active ? ' is-active' : ''}`}
      data-preview-background="bgColor"
    >
      {/* A background behind the text: decorative, so its alt is empty on purpose. */}
      <ResponsivePicture picture={slide.image} alt="" className="hero-image" eager={index === 0} previewField="backgroundImage" />
      <div className="hero-content">
        {index === 0 ? <h1 data-preview-text="title">{slide.title}</h1> : <h2 className="h1">{slide.title}</h2>}
        {slide.subtitle && <p className="hero-subtitle" data-preview-text="subtitle">{slide.subtitle}</p>}
        {slide.description && <div className="hero-description" data-preview-html="description" data-preview-if="description" dangerouslySetInnerHTML={{ __html: slide.description }} />}
        {slide.ctaText && slide.ctaUrl && (
          <a className="button" href={slide.ctaUrl} tabIndex={active ? 0 : -1} data-preview-text="ctaText" data-preview-if="ctaText ctaUrl" data-preview-href="{ctaUrl}">
            {slide.ctaText}
          </a>
        )}
      </div>
    </div>
  );
}
