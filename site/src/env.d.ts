/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Public base of uploaded media (a bucket domain); empty: this site's /uploads. */
  readonly PUBLIC_MEDIA_URL?: string;
  /** The API host for other relative image paths; empty: this site. */
  readonly PUBLIC_SITE_API_HOST?: string;
}
