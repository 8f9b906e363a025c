// States and union territories in Hindi, for Hindi pages and messages (issue 32). A file of its own
// beside states.ts so code that only checks states does not carry the Hindi table.
//
// Source: the names as the Government of India writes them in Hindi: the Hindi pages of the
// National Portal of India (https://knowindia.india.gov.in/hindi/) and the Hindi text of the
// Constitution's First Schedule, with the union territories formed in 2019-2020 (Ladakh; Dadra
// and Nagar Haveli and Daman and Diu). Its Hindi joins names with 'और' where English has 'and'/'&'.
// Cities stay as the shopper typed them (free text), so only the state is translated.

import { GST_STATES } from './gst.ts';
import type { Lang } from './lang.ts';
import { canonicalState, type STATES } from './states.ts';

export type StateName = (typeof STATES)[number];

export const STATES_HI: Readonly<Record<StateName, string>> = {
  'Andaman & Nicobar Islands': 'अंडमान और निकोबार द्वीपसमूह',
  'Andhra Pradesh': 'आंध्र प्रदेश',
  'Arunachal Pradesh': 'अरुणाचल प्रदेश',
  Assam: 'असम',
  Bihar: 'बिहार',
  Chandigarh: 'चंडीगढ़',
  Chhattisgarh: 'छत्तीसगढ़',
  'Dadra & Nagar Haveli and Daman & Diu': 'दादरा और नगर हवेली और दमन और दीव',
  Delhi: 'दिल्ली',
  Goa: 'गोवा',
  Gujarat: 'गुजरात',
  Haryana: 'हरियाणा',
  'Himachal Pradesh': 'हिमाचल प्रदेश',
  'Jammu & Kashmir': 'जम्मू और कश्मीर',
  Jharkhand: 'झारखंड',
  Karnataka: 'कर्नाटक',
  Kerala: 'केरल',
  Ladakh: 'लद्दाख',
  Lakshadweep: 'लक्षद्वीप',
  'Madhya Pradesh': 'मध्य प्रदेश',
  Maharashtra: 'महाराष्ट्र',
  Manipur: 'मणिपुर',
  Meghalaya: 'मेघालय',
  Mizoram: 'मिजोरम',
  Nagaland: 'नागालैंड',
  Odisha: 'ओडिशा',
  Puducherry: 'पुडुचेरी',
  Punjab: 'पंजाब',
  Rajasthan: 'राजस्थान',
  Sikkim: 'सिक्किम',
  'Tamil Nadu': 'तमिलनाडु',
  Telangana: 'तेलंगाना',
  Tripura: 'त्रिपुरा',
  'Uttar Pradesh': 'उत्तर प्रदेश',
  Uttarakhand: 'उत्तराखंड',
  'West Bengal': 'पश्चिम बंगाल',
};

/**
 * A state as a page in `lang` writes it, from its name as stored (any spelling states.ts knows:
 * 'KARNATAKA', 'Orissa', 'Dadra and Nagar Haveli') or its two-digit GST state code ('29'). In
 * English a name stays as stored (a code gives the shop's spelling); a name the shop does not know
 * stays as it is in both languages.
 */
export function stateName(codeOrName: string, lang: Lang): string {
  const name = /^\d{2}$/.test(codeOrName.trim()) ? (GST_STATES[codeOrName.trim()] ?? codeOrName) : codeOrName;
  const known = canonicalState(name) as StateName | null;
  if (!known) return codeOrName;
  if (lang === 'hi') return STATES_HI[known];
  return name === codeOrName ? codeOrName : known;
}

/**
 * An order's one-line address ('12 MG Road, Indiranagar, Bengaluru, Karnataka, 560038', as the
 * order keeps it) with its state in `lang`: the part just before the trailing pincode. Only that
 * part, so a city that shares a state's name ('Delhi, Delhi') keeps the shopper's own words.
 */
export function addressInLanguage(fullAddress: string, lang: Lang): string {
  if (lang === 'en') return fullAddress;
  const parts = fullAddress.split(', ');
  const pincodeAt = parts.length - 1;
  if (pincodeAt < 1 || !/^\d{6}$/.test(parts[pincodeAt]!.trim())) return fullAddress;
  parts[pincodeAt - 1] = stateName(parts[pincodeAt - 1]!, lang);
  return parts.join(', ');
}
