/**
 * Beside an image field: its alternative text (what a screen reader says instead of the picture;
 * empty means the record's title is used) and, for images shown cropped on the site, its focal
 * point: a click on the preview sets the point the crop keeps in view, shown as a marker and
 * applied to the preview as the site applies it (object-position).
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import './ImageDetails.css';

export interface Companion {
  value: string;
  onChange: (value: string) => void;
}

interface Props {
  id: string;
  /** The image shown (preview of a new file or the stored one). */
  src: string | null;
  alt?: Companion & { fallback: string };
  focus?: Companion;
}

const point = (value: string) => {
  const match = /^(\d{1,3})% (\d{1,3})%$/.exec(value.trim());
  return match ? { x: Number(match[1]), y: Number(match[2]) } : { x: 50, y: 50 };
};
const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export default function ImageDetails({ id, src, alt, focus }: Props) {
  const at = point(focus?.value ?? '');
  const setFromClick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    focus?.onChange(`${clamp(((event.clientX - box.left) / box.width) * 100)}% ${clamp(((event.clientY - box.top) / box.height) * 100)}%`);
  };
  // Arrow keys move the point by 5%, so it can be set without a mouse.
  const nudge = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step: Record<string, [number, number]> = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] };
    const move = step[event.key];
    if (!move || !focus) return;
    event.preventDefault();
    focus.onChange(`${clamp(at.x + move[0])}% ${clamp(at.y + move[1])}%`);
  };
  return (
    <div className="image-details">
      {focus && src && (
        <div className="focal-point">
          <button type="button" className="focal-frame" onClick={setFromClick} onKeyDown={nudge} aria-label={`Titik fokus: ${at.x}% ${at.y}%. Klik gambar atau gunakan tombol panah untuk memindahkan.`} aria-describedby={`${id}-focus-hint`}>
            <img src={src} alt="" style={{ objectPosition: `${at.x}% ${at.y}%` }} data-testid="focus-preview" />
            <span className="focal-marker" style={{ left: `${at.x}%`, top: `${at.y}%` }} aria-hidden="true" />
          </button>
          <small id={`${id}-focus-hint`} className="muted">
            Klik bagian gambar yang harus selalu terlihat saat gambar dipotong di situs. Titik fokus: {at.x}% {at.y}%
          </small>
        </div>
      )}
      {alt && (
        <div className="field">
          <label htmlFor={`${id}-alt`}>Teks alternatif</label>
          <input id={`${id}-alt`} value={alt.value} maxLength={250} placeholder={alt.fallback ? `Kosong: "${alt.fallback}"` : 'Jelaskan isi gambar'} onChange={(event) => alt.onChange(event.target.value)} aria-describedby={`${id}-alt-hint`} />
          <small id={`${id}-alt-hint`} className="muted">
            Dibacakan untuk pengunjung yang tidak melihat gambar. Kosongkan untuk memakai judul.
          </small>
        </div>
      )}
    </div>
  );
}
