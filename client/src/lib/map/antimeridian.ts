/** A ring of [longitude, latitude] points, as GeoJSON has them. */
export type Ring = number[][];

/**
 * A ring that crosses the antimeridian (Fiji, Chukotka) jumps from about 180° to about −180°
 * between two neighbours; drawn on a flat map that edge runs across the whole world, a thin
 * horizontal line (and a filled sliver) at that latitude. Here each point after such a jump
 * goes on past ±180° instead, so the ring stays whole and its edges short. The closing edges
 * along a pole (Antarctica's, at ±90°) are real and kept.
 */
export function unwrapRing(ring: Ring): Ring {
  let shift = 0;
  return ring.map(([lng, lat, ...rest], i) => {
    const previous = ring[i - 1];
    if (previous) {
      const jump = lng! - previous[0]!;
      const atPole = Math.abs(lat!) >= 89.9 || Math.abs(previous[1]!) >= 89.9;
      if (!atPole && jump > 180) shift -= 360;
      else if (!atPole && jump < -180) shift += 360;
    }
    return [lng! + shift, lat!, ...rest];
  });
}
