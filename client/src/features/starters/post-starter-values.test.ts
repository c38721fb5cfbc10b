import { describe, expect, it } from 'vitest';
import { createStarterSchema, STARTER_FORM_DEFAULTS } from '../../../../common/listings/starters';
import {
  POST_STARTER_FOCUS_ORDER,
  starterEditFormData,
  starterFormData,
} from './post-starter-values';

const filled = createStarterSchema.parse({
  ...STARTER_FORM_DEFAULTS,
  title: 'Lively kefir grains',
  category: 'dairy',
  subcategory: 'kefir',
  starterType: 'Milk kefir',
  description: 'Plump grains, fed whole milk every morning.',
  location: 'Leeds, UK',
  travel: ['pickup', 'post'],
  postage: 'giver',
  lastFedAt: '2026-11-20',
  bornYear: '1998',
});

const emptied = createStarterSchema.parse({
  ...STARTER_FORM_DEFAULTS,
  title: 'Lively kefir grains',
  category: 'dairy',
  subcategory: 'kefir',
  starterType: 'Milk kefir',
  description: 'Plump grains, fed whole milk every morning.',
  location: 'Leeds, UK',
});

describe('the starter form as a multipart body', () => {
  it('sends a new listing every answered field, each way of travel once, and leaves blanks out', () => {
    const body = starterFormData(filled, []);
    expect(body.get('title')).toBe('Lively kefir grains');
    expect(body.getAll('travel')).toEqual(['pickup', 'post']);
    expect(body.get('postage')).toBe('giver');
    expect(body.get('lastFedAt')).toBe('2026-11-20');
    expect(body.get('bornYear')).toBe('1998');
    expect(body.get('portions')).toBe('1');
    expect(body.get('availableDays')).toBe('30');
    expect(body.get('form')).toBe('active');
    for (const blank of ['customDescription', 'bring', 'careNotes', 'parentId', 'originStory'])
      expect(body.has(blank)).toBe(false);
  });

  it('sends an edit its emptied optional fields empty, so they are cleared, and keeps the end date', () => {
    const body = starterEditFormData(emptied, [], { photosChanged: false });
    for (const cleared of [
      'customDescription',
      'postage',
      'bring',
      'lastFedAt',
      'careNotes',
      'parentId',
      'originStory',
      'bornYear',
    ])
      expect(body.get(cleared)).toBe('');
    expect(body.has('availableDays')).toBe(false);
    expect(body.getAll('travel')).toEqual(['pickup']);
    expect(body.has('photoOrder')).toBe(false);
  });

  it('moves focus through the boxes in the order they are on screen', () => {
    expect(POST_STARTER_FOCUS_ORDER.slice(0, 7)).toEqual([
      'title',
      'category',
      'subcategory',
      'starterType',
      'description',
      'customDescription',
      'location',
    ]);
    expect(POST_STARTER_FOCUS_ORDER.at(-1)).toBe('bornYear');
    expect(POST_STARTER_FOCUS_ORDER).not.toContain('travel');
  });
});
