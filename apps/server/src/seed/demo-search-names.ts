// Demo catalogue: each product's Hindi name (Devanagari) and its search keywords (the other names
// shoppers type for it), by slug. Kept apart from demo-seed.ts's product table so the two read
// (and merge) independently. No keyword names another product: 'garam' or 'turmeric' must still
// find exactly one product.
export const DEMO_SEARCH_NAMES: Record<string, { nameHi: string; searchKeywords: string[] }> = {
  'garam-masala': {
    nameHi: 'गरम मसाला',
    searchKeywords: ['garam masala powder', 'whole spice blend', 'गरम मसाला पाउडर'],
  },
  'chicken-masala': {
    nameHi: 'चिकन मसाला',
    searchKeywords: ['murgh masala', 'chicken curry masala', 'मुर्ग़ मसाला'],
  },
  'meat-masala': {
    nameHi: 'मीट मसाला',
    searchKeywords: ['mutton masala', 'gosht masala', 'keema masala', 'मटन मसाला'],
  },
  'kitchen-king-masala': {
    nameHi: 'किचन किंग मसाला',
    searchKeywords: ['sabzi masala', 'all purpose masala', 'सब्ज़ी मसाला'],
  },
  'turmeric-powder': {
    nameHi: 'हल्दी पाउडर',
    searchKeywords: ['pisi haldi', 'haldi powder', 'curcumin', 'पिसी हल्दी'],
  },
  'coriander-powder': {
    nameHi: 'धनिया पाउडर',
    searchKeywords: ['dhaniya powder', 'pisa dhania', 'coriander seed powder', 'पिसा धनिया'],
  },
  'red-chilli-powder': {
    nameHi: 'लाल मिर्च पाउडर',
    searchKeywords: ['lal mirch powder', 'mirchi powder', 'chilli powder', 'पिसी लाल मिर्च'],
  },
  'chole-masala': { nameHi: 'छोले मसाला', searchKeywords: ['chana masala', 'chhole masala', 'चना मसाला'] },
  'pav-bhaji-masala': {
    nameHi: 'पाव भाजी मसाला',
    searchKeywords: ['bhaji masala', 'pav bhaji', 'भाजी मसाला'],
  },
  'festive-masala-box': {
    nameHi: 'त्योहार मसाला बॉक्स',
    searchKeywords: ['gift box', 'diwali gift', 'masala gift hamper', 'गिफ़्ट बॉक्स'],
  },
  'sambar-masala': {
    nameHi: 'सांबर मसाला',
    searchKeywords: ['sambhar masala', 'sambar powder', 'सांभर मसाला'],
  },
  'biryani-masala': {
    nameHi: 'बिरयानी मसाला',
    searchKeywords: ['biriyani masala', 'pulao masala', 'पुलाव मसाला'],
  },
  'kasuri-methi': {
    nameHi: 'कसूरी मेथी',
    searchKeywords: ['dried fenugreek leaves', 'methi leaves', 'सूखी मेथी'],
  },
  'chaat-masala': {
    nameHi: 'चाट मसाला',
    searchKeywords: ['fruit chaat masala', 'chat masala', 'फ्रूट चाट मसाला'],
  },
  'jeera-powder': {
    nameHi: 'जीरा पाउडर',
    searchKeywords: ['bhuna jeera', 'roasted cumin powder', 'zeera powder', 'भुना जीरा'],
  },
  'tea-masala': { nameHi: 'चाय मसाला', searchKeywords: ['chai masala', 'masala chai', 'चाय का मसाला'] },
  'shahi-paneer-masala': { nameHi: 'शाही पनीर मसाला', searchKeywords: ['paneer masala', 'shahi paneer'] },
};
