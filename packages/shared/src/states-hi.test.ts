import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GST_STATES } from './gst.ts';
import { STATES } from './states.ts';
import { addressInLanguage, STATES_HI, stateName } from './states-hi.ts';

const DEVANAGARI = /^[\u0900-\u097F ]+$/;

describe('state names in Hindi', () => {
  it('has a Hindi name, in Devanagari, for every state and union territory the shop knows, and no other', () => {
    expect(STATES).toHaveLength(36);
    expect(Object.keys(STATES_HI).sort()).toEqual([...STATES].sort());
    for (const state of STATES) expect(STATES_HI[state], state).toMatch(DEVANAGARI);
    // Two states never share a Hindi name.
    expect(new Set(Object.values(STATES_HI)).size).toBe(36);
  });

  it.each([
    ['Karnataka', 'कर्नाटक'],
    ['MAHARASHTRA', 'महाराष्ट्र'],
    ['Dadra & Nagar Haveli and Daman & Diu', 'दादरा और नगर हवेली और दमन और दीव'],
    ['Daman and Diu', 'दादरा और नगर हवेली और दमन और दीव'],
    ['Orissa', 'ओडिशा'],
    ['Pondicherry', 'पुडुचेरी'],
    ['NCT of Delhi', 'दिल्ली'],
    ['Jammu and Kashmir', 'जम्मू और कश्मीर'],
    ['29', 'कर्नाटक'],
    ['27', 'महाराष्ट्र'],
    ['26', 'दादरा और नगर हवेली और दमन और दीव'],
  ])('writes %s in Hindi as %s', (stored, hindi) => {
    expect(stateName(stored, 'hi')).toBe(hindi);
  });

  it('keeps English as stored, gives the shop’s spelling for a code, and leaves unknown names alone', () => {
    expect(stateName('karnataka', 'en')).toBe('karnataka');
    expect(stateName('29', 'en')).toBe('Karnataka');
    expect(stateName('Atlantis', 'hi')).toBe('Atlantis');
    expect(stateName('99', 'hi')).toBe('99');
    expect(stateName('कर्नाटक', 'hi')).toBe('कर्नाटक');
  });

  it('gives every GST state code of a present-day state its Hindi name', () => {
    const retired = new Set(['28', '97', '99']);
    for (const code of Object.keys(GST_STATES).filter((c) => !retired.has(c))) {
      expect(stateName(code, 'hi'), code).toMatch(DEVANAGARI);
    }
  });
});

describe('an order’s address line in Hindi', () => {
  it('writes only the state before the pincode in Hindi, the rest as the shopper typed it', () => {
    expect(addressInLanguage('12 MG Road, Indiranagar, Bengaluru, Karnataka, 560038', 'hi')).toBe(
      '12 MG Road, Indiranagar, Bengaluru, कर्नाटक, 560038',
    );
    // The city 'Delhi' is the shopper's word; only the state part changes.
    expect(addressInLanguage('4 Janpath, Connaught Place, Delhi, Delhi, 110001', 'hi')).toBe(
      '4 Janpath, Connaught Place, Delhi, दिल्ली, 110001',
    );
    expect(addressInLanguage('12 MG Road, Bengaluru, Karnataka, 560038', 'en')).toBe(
      '12 MG Road, Bengaluru, Karnataka, 560038',
    );
    // Not the shape of an order's address: left as it is.
    expect(addressInLanguage('Somewhere', 'hi')).toBe('Somewhere');
    expect(addressInLanguage('Karnataka, near the lake', 'hi')).toBe('Karnataka, near the lake');
  });

  it('changes nothing but the state part, whatever the rest says', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((s) => !s.includes(', ')),
          { maxLength: 5 },
        ),
        fc.constantFrom(...STATES),
        fc.stringMatching(/^\d{6}$/),
        (head, state, pincode) => {
          const hindi = addressInLanguage([...head, state, pincode].join(', '), 'hi');
          expect(hindi).toBe([...head, STATES_HI[state], pincode].join(', '));
        },
      ),
    );
  });
});
