/** The radii browse offers, in km; no radius is "Anywhere". */
export const BROWSE_RADII_KM = [5, 10, 25, 50] as const;

/** The widest radius a client may ask for: half the earth's circumference. */
export const MAX_RADIUS_KM = 20_000;
