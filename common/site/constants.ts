/** Business constants of spec §9 and the limits docs/ARCHITECTURE.md fixes. */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 50;
export const MAX_PAGE_BUTTONS = 5;
export const SKELETON_CARDS = 6;

export const MESSAGE_MAX_LENGTH = 500;
/** Photos one message may carry. */
export const MESSAGE_PHOTOS_MAX = 4;
export const DESCRIPTION_MIN_LENGTH = 10;
export const REPORT_DESCRIPTION_MAX_LENGTH = 1000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** 5 MiB: the photo limit the post form states and the server enforces. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_TOO_LARGE = 'Photo must be 5MB or smaller';
export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP, GIF or HEIC)';

export const TOAST_DURATION_MS = 5000;

/** The longest search browse takes, for offers and asks alike. */
export const BROWSE_SEARCH_MAX_LENGTH = 200;

/** 'best' (best match) ranks search matches; without a search it lists newest first. */
export const STARTER_SORTS = ['newest', 'oldest', 'closest', 'best'] as const;
export type StarterSort = (typeof STARTER_SORTS)[number];
