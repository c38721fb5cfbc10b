import type {
  Lineage,
  LineageAncestor,
  LineageDescendant,
} from '../../../../common/cultures/lineage';

export interface FamilyPlace {
  id: number;
  title: string;
  location: string;
  generation: number;
  latitude: number | null;
  longitude: number | null;
  /** The starter the family page is about. */
  isSelf: boolean;
}

/** Every starter on the page, from the first sharer down, and who grew from whom. */
export function familyPlaces(lineage: Lineage): {
  places: FamilyPlace[];
  links: Array<[from: number, to: number]>;
} {
  const places: FamilyPlace[] = [];
  const links: Array<[number, number]> = [];
  const add = (n: LineageAncestor | LineageDescendant, isSelf = false) =>
    places.push({
      id: n.id,
      title: n.title,
      location: n.location,
      generation: n.generation,
      latitude: n.latitude,
      longitude: n.longitude,
      isSelf,
    });
  const line = [...lineage.ancestors, lineage.starter];
  line.forEach((n, i) => {
    add(n, n === lineage.starter);
    if (i > 0) links.push([line[i - 1]!.id, n.id]);
  });
  const walk = (parent: number, nodes: LineageDescendant[]) => {
    for (const n of nodes) {
      add(n);
      links.push([parent, n.id]);
      walk(n.id, n.children);
    }
  };
  walk(lineage.starter.id, lineage.descendants);
  return { places, links };
}
