/** Business constants shared by the worker, the site and the admin. */

export const MB = 1024 * 1024;
export const MAX_UPLOAD_BYTES = 50 * MB; // 52428800
export const MEDIUM_IMAGE_BYTES = 10 * MB; // vision & mission, values, avatars
export const SEO_IMAGE_BYTES = 1 * MB; // 1048576

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export const IMAGE_LABEL = 'JPG, PNG, GIF, WebP, SVG';

/**
 * What the file manager stores: pictures, video, office documents, text tables and archives.
 * Nothing a browser would run or open as a page of the site (HTML, scripts, programs).
 */
export const FILE_MANAGER_TYPES = [
  ...IMAGE_TYPES,
  'image/avif',
  'image/x-icon',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'audio/mpeg',
  'application/pdf',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
] as const;
export const FILE_MANAGER_LABEL = 'gambar (JPG, PNG, GIF, WebP, SVG, AVIF, ICO), video (MP4, WebM, MOV), MP3, PDF, Word, Excel, PowerPoint, OpenDocument, TXT, CSV, ZIP';

export const PERMISSION_ACTIONS = [
  'create',
  'read',
  'update',
  'delete',
  'list',
  'export',
  'import',
  'approve',
  'reject',
] as const;

/** Actions only some modules have, beside the nine every module has: inquiries are answered by email. */
export const MODULE_ACTIONS = { inquiry: ['reply'] } as const satisfies Record<string, readonly string[]>;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number] | (typeof MODULE_ACTIONS)[keyof typeof MODULE_ACTIONS][number];
/** Every action a permission may name. */
export const ALL_PERMISSION_ACTIONS: readonly PermissionAction[] = [...PERMISSION_ACTIONS, ...Object.values(MODULE_ACTIONS).flat()];

/** The actions a module's permissions cover: the nine, plus its own. */
export const actionsOf = (module: string): readonly PermissionAction[] => [
  ...PERMISSION_ACTIONS,
  ...((MODULE_ACTIONS as Record<string, readonly PermissionAction[]>)[module] ?? []),
];

export const SUBSCRIBER_STATUSES = ['active', 'unsubscribed', 'pending'] as const;
export const SUBSCRIBER_PAGE_SIZE = 10;

/**
 * Lists: an anonymous read without `limit` or `page` answers at most PUBLIC_LIST_LIMIT records
 * with a pagination block (so the whole list stays one call for any organisation below that
 * size); `limit` goes up to MAX_LIST_LIMIT; `page` without `limit` pages by DEFAULT_PAGE_SIZE.
 */
export const PUBLIC_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;
export const DEFAULT_PAGE_SIZE = 10;

export const DEFAULT_READ_TIME = 5;
export const ROLE_LEVEL = { min: 1, max: 10, default: 1 } as const;

/** A limit as messages name it: "10MB". */
export const formatLimit = (bytes: number) => `${Math.round(bytes / MB)}MB`;
