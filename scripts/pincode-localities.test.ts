import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localitiesOf, localityName } from './pincode-localities.ts';

describe('localityName', () => {
  // [office name as India Post gives it, its district, the locality]
  it.each([
    ['Connaught Place', 'Central Delhi', 'Connaught Place'],
    ['Padmini Nagar S.O', 'Bangalore', 'Padmini Nagar'],
    ['Jayangar East S.O', 'Bangalore', 'Jayangar East'],
    ['Vantmuri Colony Belgaum S. O', 'Belgaum', 'Vantmuri Colony Belgaum'],
    ['Krishnapuri S O', 'Patna', 'Krishnapuri'],
    ['Focal Point SO', 'Ludhiana', 'Focal Point'],
    ['Gundugolanu So.', 'West Godavari', 'Gundugolanu'],
    ['Pasina Kalan BO', 'Sangrur', 'Pasina Kalan'],
    ['Khanapur  BO', 'Belgaum', 'Khanapur'],
    ['Basbitti-bo', 'Haveri', 'Basbitti'],
    ['Babuchipidihi Ho', 'Nabarangapur', 'Babuchipidihi'],
    ['Nagpur GPO', 'Nagpur', 'Nagpur'],
    ['Kolkata G.P.O.', 'Kolkata', 'Kolkata'],
    ['Elephanta Caves Po', 'Mumbai', 'Elephanta Caves'],
    ['Nari Bari ED', 'Allahabad', 'Nari Bari'],
    ['Vashind E.D.', 'Thane', 'Vashind'],
    ['Jamalpur Work Shop Ed So', 'Munger', 'Jamalpur Work Shop'],
    ['Morbi MDG', 'Rajkot', 'Morbi'],
    ['Mumbai ', 'Mumbai', 'Mumbai'],
    ['Sidhari,', 'Azamgarh', 'Sidhari'],
    // A bracket naming the office's own district only tells same-named offices apart.
    ['Aliganj (South Delhi)', 'South Delhi', 'Aliganj'],
    ['Town Hall (Mumbai)', 'Mumbai', 'Town Hall'],
    ['Bankura Bo(Howrah)', 'Howrah', 'Bankura'],
    // Any other bracket is part of the name.
    ['R K Puram (Main)', 'South West Delhi', 'R K Puram (Main)'],
    ['Atmakur So (A)', 'Mahabub Nagar', 'Atmakur (A)'],
    ['Prasad Nagar So (C )', 'Prakasam', 'Prasad Nagar (C)'],
    // Words that only look like office types stay: 'R S' (railway station), 'I E', 'KH'.
    ['Kosli R S', 'Rewari', 'Kosli R S'],
    ['Naroda I E', 'Ahmedabad', 'Naroda I E'],
    ['Takave KH', 'Pune', 'Takave KH'],
    ['Aso', 'X', 'Aso'],
    ['Central Post Office', 'X', 'Central Post Office'],
    ['A.G.C.R.', 'Central Delhi', 'A.G.C.R.'],
    ['12z', 'Sri Ganganagar', '12z'],
  ])('%s in %s is %s', (office, district, locality) => {
    expect(localityName(office, district)).toBe(locality);
  });
});

describe('localitiesOf', () => {
  it("is a pincode's offices' localities once each, sorted, the capitalised spelling kept", () => {
    const offices = [
      'Town Hall (Mumbai)',
      'Tajmahal',
      'Mumbai ',
      'M.P.T.',
      'MUMBAI',
      'Tajmahal S.O',
      'bazargate',
    ];
    expect(localitiesOf(offices.map((name) => ({ name, district: 'Mumbai' })))).toEqual([
      'bazargate',
      'M.P.T.',
      'Mumbai',
      'Tajmahal',
      'Town Hall',
    ]);
  });

  const word = fc.stringMatching(/^[A-Za-z][a-z]{1,8}$/);
  const office = fc
    .tuple(
      fc.array(word, { minLength: 1, maxLength: 3 }),
      fc.constantFrom('', ' S.O', ' SO', ' B.O', ' BO', ' H.O', ' G.P.O', ' PO', ' Ed So', '-bo', ' MDG'),
      fc.constantFrom('', ' ', '  '),
    )
    .map(([words, suffix, space]) => ({
      words: words.join(' '),
      name: `${words.join(' ')}${suffix}${space}`,
    }));

  it('gives back the place whatever office-type suffix India Post put on it', () => {
    fc.assert(
      fc.property(office, ({ words, name }) => {
        // A place whose own last word reads as an office type ('Nari So') loses it too: accepted.
        fc.pre(!/\s(so|bo|ho|po|ed|mdg)$/i.test(words));
        expect(localityName(name)).toBe(words);
      }),
    );
  });

  it('is sorted, free of repeats (in any case) and stable when built again from its own output', () => {
    fc.assert(
      fc.property(fc.array(office, { maxLength: 12 }), (offices) => {
        const localities = localitiesOf(offices);
        expect(new Set(localities.map((l) => l.toLowerCase())).size).toBe(localities.length);
        expect([...localities].sort((a, b) => a.localeCompare(b, 'en') || (a < b ? -1 : 1))).toEqual(
          localities,
        );
        expect(localitiesOf(localities.map((name) => ({ name })))).toEqual(localities);
      }),
    );
  });
});
