/**
 * Builds the food catalogue (services/domain/nutrition/catalogue/foods.tsv) from the USDA's National Nutrient
 * Database for Standard Reference, release 26 (public domain; see services/domain/nutrition/catalogue/SOURCES.md):
 *
 *   npx tsx scripts/foods/build.ts <folder with FOOD_DES.txt, ABBREV.txt and WEIGHT.txt>
 *
 * Only facts are taken: energy and macros per 100 g, household measures and their grams. The display names are our
 * own, made by the rules below from the plain words of the USDA's description, and by hand for the foods people
 * name most. Which foods are kept is a rule per food group (what is left out, how many of the shortest-described
 * stay), so running it again on the same release writes the same file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [folder] = process.argv.slice(2);
if (!folder) throw new Error('usage: tsx scripts/foods/build.ts <folder with FOOD_DES.txt, ABBREV.txt, WEIGHT.txt>');
const out = path.resolve(import.meta.dirname, '../../services/domain/nutrition/catalogue/foods.tsv');

/** The SR files: `~text~^number^…` lines, Latin-1, CRLF. */
const rows = (file: string) =>
  readFileSync(path.join(folder, file), 'latin1')
    .split(/\r?\n/)
    .filter(Boolean)
    .map((line) => line.split('^').map((cell) => cell.replace(/^~|~$/g, '')));

/** How many of each group's foods stay (the most plainly described first); a group not listed is left out. */
const KEEP_PER_GROUP: Record<string, number> = {
  '0100': 140, // dairy and egg
  '0400': 45, // fats and oils
  '0500': 130, // poultry
  '0600': 110, // soups and sauces
  '0700': 70, // sausages and cold cuts
  '0800': 45, // breakfast cereals
  '0900': 230, // fruit
  '1000': 55, // pork
  '1100': 380, // vegetables
  '1200': 90, // nuts and seeds
  '1300': 90, // beef
  '1400': 120, // drinks
  '1500': 110, // fish and shellfish
  '1600': 170, // legumes, soy and meat substitutes
  '1700': 30, // lamb, veal, game
  '1800': 260, // baked goods
  '1900': 140, // sweets
  '2000': 110, // grains and pasta
  '2100': 90, // fast food
  '2200': 50, // dishes
  '2500': 90, // snacks
  '3600': 40, // restaurant dishes
};

/** Whatever a diary rarely holds: industrial and institutional foods, dry mixes, baby food, fortification variants. */
const LEFT_OUT =
  /industrial|commodity|infant|baby|toddler|human|dry mix|unprepared|not reconstituted|dehydrated|freeze-dried|food service|school lunch|military|special purpose|leavening|rennin|n x 6\.25|without added vitamin|with added vitamin|with added nutrients|with added calcium|frozen concentrate|concentrate, undiluted|low linolenic|linoleic|mid-oleic|high oleic|hydrogenated|variety meats|by-products|separable fat|trimmed to 1\/[48]|trimmed to 1\/2|choice|select,|prime|\bNFS\b|mechanically|pasteurized process|cold pack|shortening|margarine-like|USDA|composite|stabilized|glucose reduced|alaska|native|whale|seal|walrus|bear,|beaver|muskrat|caribou|moose|raccoon|opossum|squirrel|bison|elk|deer|antelope|boar|buffalo|goat|emu|ostrich|squab|pheasant|quail|dove|guinea|frog|turtle|octopus|carp|eel|spot,|drum|cusk|pout|burbot|wolffish|mullet|sucker|sheepshead|pike|butterfish|roe|liver|kidney|brain|heart|tongue|lung|spleen|pancreas|thymus|tripe|gizzard|giblets|feet|ear|snout|tail|skin only|neck|back,|leaf fat|fatback|chitterlings|jowl|hocks/i;
/** A brand or chain name (a run of capitals): left out, its foods are not ours to name. */
const BRANDED = /\b(?:Mc)?[A-Z][A-Z'&.-]{2,}\b/;
/** A few branded foods stand in for a dish the catalogue would otherwise lack, under a plain name of ours. */
const NAMED: Record<string, string> = {
  '21499': 'Vegetable pizza, thin crust (frozen, baked)',
  '21501': 'Margherita pizza (frozen, baked)',
  '21500': 'Mushroom and spinach pizza (frozen, baked)',
  '01123': 'Egg, whole, raw',
  '01129': 'Egg, hard-boiled',
  '01128': 'Egg, fried',
  '01132': 'Egg, scrambled',
  '14209': 'Coffee, brewed',
  '14210': 'Espresso',
  '14355': 'Tea, black, brewed',
  '16098': 'Peanut butter, smooth',
  '16097': 'Peanut butter, chunky',
  '20044': 'Rice, white, long-grain, raw',
  '20045': 'Rice, white, long-grain, cooked',
  '20037': 'Rice, brown, long-grain, cooked',
  '09040': 'Banana, raw',
  '09003': 'Apple, raw, with skin',
  '01077': 'Milk, whole',
  '01079': 'Milk, 2% fat',
  '01082': 'Milk, 1% fat',
  '01085': 'Milk, skim',
  '11674': 'Potato, baked, flesh and skin',
  '16126': 'Tofu, firm',
  '16127': 'Tofu, soft',
  '16114': 'Tempeh',
  '16147': 'Veggie burger, uncooked',
  '16137': 'Hummus, homemade',
  '16158': 'Hummus',
  '18075': 'Bread, whole wheat',
  '18069': 'Bread, white',
};
/** Foods kept whatever their group's count, because people name them. */
const ALWAYS = new Set(Object.keys(NAMED));

/** Words of the USDA description a diary name can do without. */
const DROPPED = new Set([
  'commercially prepared', 'commercial', 'ready-to-serve', 'ready-to-eat', 'ready-to-drink', 'ready to eat', 'enriched',
  'all commercial varieties', 'solids and liquids', 'prepared with tap water', 'with salt', 'regular pack', 'all types',
  'all varieties', 'fluid', 'includes USDA commodity', 'year round average', 'mature seeds', 'without salt',
]);
const PREFIXES: Array<[RegExp, string]> = [
  [/^Fast foods?, /i, ' (fast food)'],
  [/^Restaurant, ([A-Za-z]+), /, ' ($1 restaurant)'],
  [/^Snacks, /, ''],
  [/^Beverages, /, ''],
  [/^Alcoholic beverage, /, ''],
  [/^Candies, /, ''],
  [/^Cereals ready-to-eat, /, 'Cereal, '],
  [/^Fish, /, ''],
  [/^Nuts, /, ''],
];

const nameOf = (id: string, desc: string): string => {
  const given = NAMED[id];
  if (given) return given;
  let text = desc.replace(/\s+/g, ' ').replace(/, broilers or fryers|, roasting|, fryer-roasters/, '').trim();
  let suffix = '';
  for (const [prefix, tail] of PREFIXES) {
    const match = prefix.exec(text);
    if (match) {
      text = text.slice(match[0].length);
      suffix = tail.replace('$1', (match[1] ?? '').toLowerCase());
      break;
    }
  }
  const parts = text.split(', ').filter((part) => !DROPPED.has(part.toLowerCase()) && !/^includes /i.test(part));
  const [head = text, ...rest] = parts;
  const name = [head.charAt(0).toUpperCase() + head.slice(1), ...rest.map((part) => part.toLowerCase())].join(', ') + suffix;
  return name.length > 80 ? `${name.slice(0, 77).replace(/[ ,]+\S*$/, '')}…` : name;
};

/** What a food comes from, the strongest animal part first: the diets are rules over it. */
const SOURCES: Array<[string, RegExp]> = [
  ['pork', /\b(pork|ham|bacon|pepperoni|salami|bologna|prosciutto|chorizo|bratwurst|frankfurter|hot dog|sausage|lard|pepperoni)\b/i],
  ['meat', /\b(beef|veal|lamb|mutton|meat|hamburger|cheeseburger|steak|corned|pastrami|gelatin|meatball|chili con carne)\b/i],
  ['poultry', /\b(chicken|turkey|duck|goose|poultry)\b/i],
  ['shellfish', /\b(shrimp|crab|lobster|clam|oyster|mussel|scallop|crayfish|squid|shellfish)\b/i],
  ['fish', /\b(fish|salmon|tuna|cod|haddock|halibut|trout|sardine|anchov|mackerel|herring|tilapia|catfish|pollock|flounder|sole|bass|snapper|swordfish|anchovy|caviar)\w*/i],
  ['egg', /\b(egg|eggs|mayonnaise|custard|meringue|eggnog)\b/i],
  ['dairy', /\b(milk|cheese|butter|cream|yogurt|whey|ice cream|buttermilk|kefir|ghee|pizza|milkshake|latte|cappuccino)\b/i],
  ['honey', /\bhoney\b/i],
];
const GROUP_SOURCE: Record<string, string> = { '0500': 'poultry', '1000': 'pork', '1300': 'meat', '1700': 'meat', '1500': 'fish' };
const MEATLESS = /meatless|veggie|vegetarian|soy|tofu|imitation|vegetable oil|peanut butter|cocoa butter|nut butter|apple butter|coconut (milk|cream)|soymilk|almond milk|rice milk|cream of tartar|milk chocolate/i;
const sourceOf = (group: string, desc: string): string => {
  if (MEATLESS.test(desc) && !/\b(beef|pork|chicken|turkey|ham|bacon)\b/i.test(desc)) {
    return /milk chocolate/i.test(desc) ? 'dairy' : 'plant';
  }
  const fromWords = SOURCES.find(([, words]) => words.test(desc))?.[0];
  const fromGroup = GROUP_SOURCE[group];
  if (fromGroup === 'fish' && fromWords === 'shellfish') return 'shellfish';
  return fromGroup ?? fromWords ?? (group === '0100' ? 'dairy' : 'plant');
};

/** The major allergens a food's description names (or its source implies); a flag to check, not a guarantee. */
const ALLERGEN_WORDS: Array<[string, RegExp]> = [
  ['peanuts', /peanut/i],
  ['tree nuts', /almond|cashew|walnut|pecan|pistachio|hazelnut|filbert|macadamia|brazil|pine nut|praline|marzipan|nougat|\bmixed nuts\b/i],
  ['dairy', /milk|cheese|butter(?!nut)|cream|yogurt|whey|ice cream|custard|pizza|pudding|chocolate|latte|cappuccino|alfredo|au gratin|creamed|scalloped|pancake|waffle|biscuit|muffin|cake|cookie|croissant|danish/i],
  ['gluten', /wheat|bread|bagel|roll|bun|pasta|spaghetti|macaroni|noodle|pizza|cracker|cookie|cake|muffin|pie|pastry|croissant|biscuit|waffle|pancake|pretzel|barley|rye|couscous|bulgur|seitan|flour|tortilla, flour|breaded|batter|crouton|cereal|granola|beer|sandwich|burger|burrito|lasagna|ravioli|doughnut|sub\b/i],
  ['egg', /\begg|mayonnaise|custard|meringue|noodles, egg|eggnog|french toast|pancake|waffle|cake|cookie|muffin/i],
  ['soy', /\bsoy|tofu|tempeh|edamame|miso|natto|veggie burger|meatless/i],
  ['fish', /fish|salmon|tuna|cod\b|haddock|halibut|trout|sardine|anchov|mackerel|herring|tilapia|catfish|pollock|flounder|sole\b|bass\b|snapper|swordfish|caviar/i],
  ['shellfish', /shrimp|crab|lobster|clam|oyster|mussel|scallop|crayfish|squid/i],
  ['sesame', /sesame|tahini|hummus/i],
];
const allergensOf = (desc: string, source: string): string[] => {
  const found = new Set(ALLERGEN_WORDS.filter(([, words]) => words.test(desc)).map(([allergen]) => allergen));
  if (source === 'dairy') found.add('dairy');
  if (source === 'egg') found.add('egg');
  if (source === 'fish') found.add('fish');
  if (source === 'shellfish') found.add('shellfish');
  if (/almond milk|coconut milk|soymilk|rice milk|peanut butter|cocoa butter|nut butter|apple butter|butternut|butterhead|cream of tartar/i.test(desc) && !/cow|whole milk|nonfat milk|cheese/i.test(desc)) {
    const dairyWords = desc.replace(/almond milk|coconut milk|soymilk|rice milk|peanut butter|cocoa butter|nut butter|apple butter|butternut|butterhead|cream of tartar/gi, '');
    if (!/milk|cheese|butter|cream|yogurt|whey/i.test(dairyWords) && source !== 'dairy') found.delete('dairy');
  }
  return [...found];
};

const FRACTIONS: Record<string, string> = { '0.25': '1/4', '0.33': '1/3', '0.333': '1/3', '0.5': '1/2', '0.67': '2/3', '0.667': '2/3', '0.75': '3/4', '0.125': '1/8' };
const amountOf = (value: string) => {
  const number = Number(value);
  return FRACTIONS[String(number)] ?? String(number);
};
/** A household measure as a diary shows it: "1 slice", "1/2 cup, chopped"; package sizes and servings-per are dropped. */
const portionsOf = (weights: string[][]) =>
  weights
    .filter(([, , , desc]) => desc && !/package|servings? per|container|NLEA|serving size|yield|recipe/i.test(desc))
    .map(([, , amount, desc, grams]) => ({ label: `${amountOf(amount!)} ${desc!.replace(/\s+/g, ' ').replace(/[:|\t]/g, ' ').trim()}`, grams: Number(grams) }))
    .filter((portion) => portion.grams > 0 && portion.label.length <= 48)
    .slice(0, 5);

const descriptions = rows('FOOD_DES.txt');
const facts = new Map(rows('ABBREV.txt').map((cells) => [cells[0]!, cells]));
const weights = new Map<string, string[][]>();
for (const cells of rows('WEIGHT.txt')) weights.set(cells[0]!, [...(weights.get(cells[0]!) ?? []), cells]);

const candidates = descriptions
  .map(([id = '', group = '', desc = '']) => ({ id, group, desc: desc.trim() }))
  .filter(({ id, group, desc }) => ALWAYS.has(id) || (KEEP_PER_GROUP[group] !== undefined && !LEFT_OUT.test(desc) && !BRANDED.test(desc)))
  .sort((a, b) => Number(ALWAYS.has(b.id)) - Number(ALWAYS.has(a.id)) || a.desc.length - b.desc.length || a.id.localeCompare(b.id));

const taken = new Map<string, number>();
const names = new Set<string>();
const lines: string[] = [];
for (const { id, group, desc } of candidates) {
  const count = taken.get(group) ?? 0;
  if (!ALWAYS.has(id) && count >= (KEEP_PER_GROUP[group] ?? 0)) continue;
  const fact = facts.get(id);
  const kcal = Number(fact?.[3]);
  if (!fact || !fact[3] || !Number.isFinite(kcal)) continue;
  const name = nameOf(id, desc);
  if (names.has(name.toLowerCase())) continue;
  names.add(name.toLowerCase());
  taken.set(group, count + 1);
  /** Pizza sauce is a sauce, not a pizza. */
  const words = desc.replace(/sauce, pizza|pizza sauce/i, 'sauce');
  const source = sourceOf(group, words);
  const portions = portionsOf(weights.get(id) ?? []).map(({ label, grams }) => `${label}:${grams}`).join('|');
  const [protein, fat, carbs] = [fact[4], fact[5], fact[7]].map((value) => Number(value || 0));
  lines.push([id, name, kcal, protein, carbs, fat, source, allergensOf(words, source).join(','), portions].join('\t'));
}
lines.sort((a, b) => a.localeCompare(b));
const header = ['id', 'name', 'kcal', 'protein', 'carbs', 'fat', 'source', 'allergens', 'portions'].join('\t');
writeFileSync(out, `${header}\n${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} foods to ${path.relative(process.cwd(), out)}`);
