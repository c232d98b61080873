import { LRUCache } from 'lru-cache';
import type { CatalogueFood } from './catalogue.js';

/**
 * Food search over the catalogue, held in memory: forgiving about word order, plurals, a typo or two and words left
 * unfinished, and ranking the plainest match first. Every word of the query must match a word of the food's name (a
 * search narrows as one types). A word matches exactly, as the start of a longer word (from two letters), or within
 * one edit (two for words of eight letters or more); exact beats prefix beats typo, a match in the name's first part
 * ("Pizza" of "Pizza, cheese topping") beats one later, and among equals the shorter name (the plainer food) wins.
 */

/** Words people use for the catalogue's words. */
const SYNONYMS: Record<string, string> = { veggie: 'vegetable', veg: 'vegetable', yoghurt: 'yogurt', chilli: 'chili', donut: 'doughnut', hamburger: 'hamburger', tomatoe: 'tomato' };

/** A word without its plural ending, so "apples", "apple", "berries" and "berry" meet. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(oes|ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** The words of a text, lower-cased, accents and punctuation gone, plurals stemmed, synonyms read as ours. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9%]+/)
    .filter(Boolean)
    .map((word) => stem(SYNONYMS[word] ?? word));
}

// Two rows of the edit table and the one before them, reused: a search compares one word with thousands.
const rowA = new Uint8Array(64);
const rowB = new Uint8Array(64);
const rowC = new Uint8Array(64);

/**
 * Edits between two words (insert, delete, change, or swap two letters side by side: "chciken"), or `max + 1` as
 * soon as more than `max` are certain. `bLength` reads only the start of `b` (a word not yet finished).
 */
function withinEdits(a: string, b: string, max: number, bLength = b.length): number {
  if (Math.abs(a.length - bLength) > max || a.length >= 63 || bLength >= 63) return max + 1;
  let before = rowC;
  let previous = rowA;
  let current = rowB;
  for (let j = 0; j <= bLength; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    for (let j = 1; j <= bLength; j++) {
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[bLength]!;
}

const EXACT = 3;
const PREFIX = 2;
const TYPO = 1;
const allowedEdits = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/** How well a query word matches a word of the catalogue: 0 when it does not. */
function matchOf(query: string, word: string): number {
  if (query === word) return EXACT;
  if (query.length >= 2 && word.startsWith(query)) return PREFIX;
  const edits = allowedEdits(query);
  if (edits > 0) {
    if (withinEdits(query, word, edits) <= edits) return TYPO;
    // A typo in a word not yet finished: "chik" for "chicken".
    if (query.length >= 4 && word.length > query.length && withinEdits(query, word, 1, query.length) <= 1) return TYPO;
  }
  return 0;
}

const sameWords = (head: ReadonlySet<string>, words: readonly string[]) => head.size === words.length && words.every((word) => head.has(word));

export interface FoodIndex {
  search(query: string, limit: number): CatalogueFood[];
}

/** An index of these foods: their words, and which foods hold each word in their name's first part or later. */
export function foodIndex(foods: readonly CatalogueFood[]): FoodIndex {
  const headWords = foods.map((food) => new Set(wordsOf(food.name.split(',')[0] ?? '')));
  const foodsOf = new Map<string, number[]>();
  foods.forEach((food, index) => {
    for (const word of new Set(wordsOf(food.name))) {
      const holders = foodsOf.get(word);
      if (holders) holders.push(index);
      else foodsOf.set(word, [index]);
    }
  });
  const vocabulary = [...foodsOf.keys()];
  /** Which foods a query word matches and how well (its best word in each), for the words asked lately. */
  const matchedBy = new LRUCache<string, Map<number, number>>({ max: 5_000 });
  const matchesOf = (queryWord: string): Map<number, number> => {
    let matched = matchedBy.get(queryWord);
    if (matched) return matched;
    matched = new Map<number, number>();
    for (const word of vocabulary) {
      const score = matchOf(queryWord, word);
      if (score === 0) continue;
      for (const index of foodsOf.get(word)!) {
        const inHead = headWords[index]!.has(word) ? 0.5 : 0;
        matched.set(index, Math.max(matched.get(index) ?? 0, score + inHead));
      }
    }
    matchedBy.set(queryWord, matched);
    return matched;
  };

  return {
    search(query, limit) {
      const words = [...new Set(wordsOf(query))].slice(0, 8);
      if (words.length === 0) return [];
      // For each query word, the best match it has in each food that holds a matching word. A word's matches are
      // kept: the catalogue does not change, and a search as one types repeats the words before the last.
      let scores: Map<number, number> | undefined;
      for (const queryWord of words) {
        const matched = matchesOf(queryWord);
        const next = new Map<number, number>();
        for (const [index, score] of matched) {
          if (scores === undefined) next.set(index, score);
          else if (scores.has(index)) next.set(index, scores.get(index)! + score);
        }
        scores = next;
        if (scores.size === 0) return [];
      }
      return [...scores!]
        // A name whose first part is just the query's words ("Potatoes, baked" for "potato") is the food itself.
        .map(([index, score]) => ({ food: foods[index]!, score: score + (sameWords(headWords[index]!, words) ? 1 : 0) - foods[index]!.name.length / 200 }))
        .sort((a, b) => b.score - a.score || a.food.name.localeCompare(b.food.name))
        .slice(0, limit)
        .map(({ food }) => food);
    },
  };
}
