/** The category catalogue of spec §3: keys are stored, names and labels are shown. */
export const categories = [
  {
    key: 'dairy',
    name: 'Dairy Ferments',
    emoji: '🧀',
    subcategories: [
      { key: 'kefir', label: 'Kefir grains' },
      { key: 'yogurt', label: 'Yogurt starter cultures' },
      { key: 'buttermilk', label: 'Buttermilk cultures' },
      { key: 'cheese', label: 'Cheese cultures' },
    ],
  },
  {
    key: 'grain',
    name: 'Grain Ferments',
    emoji: '🍞',
    subcategories: [
      { key: 'sourdough', label: 'Sourdough starter' },
      { key: 'injera', label: 'Injera starter' },
      { key: 'idli', label: 'Idli starter' },
      { key: 'dosa', label: 'Dosa starter' },
    ],
  },
  {
    key: 'beverage',
    name: 'Tea & Beverages',
    emoji: '🍵',
    subcategories: [
      { key: 'scoby', label: 'SCOBY/pellicle (kombucha)' },
      { key: 'waterKefir', label: 'Water kefir grains' },
      { key: 'gingerBug', label: 'Ginger bug' },
    ],
  },
  {
    key: 'legume',
    name: 'Legume & Soy',
    emoji: '🌱',
    subcategories: [
      { key: 'miso', label: 'Miso spores' },
      { key: 'tempeh', label: 'Tempeh spores' },
      { key: 'soySauce', label: 'Soy sauce spores' },
      { key: 'bacterial', label: 'Bacterial starters' },
    ],
  },
  {
    key: 'other',
    name: 'Other',
    emoji: '🔬',
    subcategories: [
      { key: 'custom', label: 'Custom Starter' },
      { key: 'experimental', label: 'Experimental Culture' },
      { key: 'wild', label: 'Wild Ferment' },
      { key: 'mixed', label: 'Mixed Culture' },
    ],
  },
] as const;

export type Category = (typeof categories)[number];
export type CategoryKey = Category['key'];

export const categoryKeys = categories.map((c) => c.key) as [CategoryKey, ...CategoryKey[]];

/** On the post form every category's type list ends with 'Other', stored as this key. */
export const OTHER_SUBCATEGORY = 'other';
export const OTHER_SUBCATEGORY_LABEL = 'Other';

export function findCategory(key: string | null | undefined): Category | undefined {
  return categories.find((c) => c.key === key);
}

export function categoryEmoji(key: string | null | undefined): string {
  return findCategory(key)?.emoji ?? '🔬';
}

export function categoryName(key: string | null | undefined): string {
  return findCategory(key)?.name ?? 'Other';
}

/** The subcategory keys a starter in `category` may carry (its own plus 'other'). */
export function subcategoryKeysOf(category: string): string[] {
  const found = findCategory(category);
  return found ? [...found.subcategories.map((s) => s.key), OTHER_SUBCATEGORY] : [];
}

export function subcategoryLabel(category: string, subcategory: string): string {
  if (subcategory === OTHER_SUBCATEGORY) return OTHER_SUBCATEGORY_LABEL;
  const sub = findCategory(category)?.subcategories.find((s) => s.key === subcategory);
  return sub?.label ?? subcategory;
}

export function isValidSubcategory(category: string, subcategory: string): boolean {
  return subcategoryKeysOf(category).includes(subcategory);
}

/**
 * Report reasons of spec §3, in the order shown; `hinted`: the card says more under its name.
 * Their words are the catalogue's (`conversations: report.reasons`, `report.hints`).
 */
export const reportReasons = [
  { value: 'inappropriate', hinted: true },
  { value: 'spam', hinted: false },
  { value: 'safety', hinted: true },
  { value: 'misleading', hinted: false },
  { value: 'rules', hinted: false },
  { value: 'other', hinted: true },
] as const;

export type ReportReason = (typeof reportReasons)[number]['value'];
export const reportReasonValues = reportReasons.map((r) => r.value) as [
  ReportReason,
  ...ReportReason[],
];

export const reportStatuses = ['pending', 'reviewed', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
