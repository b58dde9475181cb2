/**
 * One stored image as HTML: WebP variants in a <source>, the JPEG fallback in <img>, the box kept
 * by width/height, the crop kept on the focal point, a blurred preview behind it while it loads.
 * Rendered by Img.astro (static) and inside the islands, so both give the same markup.
 */
import type { CSSProperties } from 'react';
import type { Picture } from '../lib/picture.ts';

interface Props {
  picture: Picture;
  /** Empty only for decorative images (backgrounds); content images always describe themselves. */
  alt: string;
  className?: string;
  /** The page's largest image above the fold: loaded first instead of lazily. */
  eager?: boolean;
  /** In a preview template: the image field whose draft value replaces this picture. */
  previewField?: string;
  /** In a preview template: the picture is left out when the draft has no image in that field. */
  previewOptional?: boolean;
}

export default function ResponsivePicture({ picture, alt, className, eager = false, previewField, previewOptional = false }: Props) {
  const style: CSSProperties = { objectPosition: picture.position };
  if (picture.placeholder) {
    Object.assign(style, {
      backgroundImage: `url("${picture.placeholder}")`,
      backgroundSize: 'cover',
      backgroundPosition: picture.position,
      backgroundRepeat: 'no-repeat',
    });
  }
  const img = (
    <img
      src={picture.src}
      alt={alt}
      width={picture.width}
      height={picture.height}
      className={className}
      style={style}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={eager ? 'high' : undefined}
      data-retry
      data-preview-image={previewField}
      data-preview-if={previewOptional ? previewField : undefined}
    />
  );
  if (!picture.srcset) return img;
  return (
    <picture>
      {picture.denseSources?.map(({ media, sizes }) => <source key={media} type="image/webp" media={media} srcSet={picture.srcset} sizes={sizes} />)}
      <source type="image/webp" srcSet={picture.srcset} sizes={picture.sizes} />
      {img}
    </picture>
  );
}
