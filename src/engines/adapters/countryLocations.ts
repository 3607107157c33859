import type { CountryCode } from '../../domain/shared/countries.js';

/**
 * Where to place a searcher in each country: the capital (or main business city), in degrees. Gemini's
 * search grounding takes no country, only the user's coordinates (`toolConfig.retrievalConfig.latLng`), so
 * this table is both how a Gemini run is localized and the list of countries geolens offers on Gemini.
 */
export const COUNTRY_LOCATIONS: Partial<Record<CountryCode, readonly [latitude: number, longitude: number]>> = {
  ae: [24.45, 54.38], ar: [-34.6, -58.38], at: [48.21, 16.37], au: [-35.28, 149.13], bd: [23.81, 90.41],
  be: [50.85, 4.35], bg: [42.7, 23.32], bh: [26.23, 50.59], br: [-15.79, -47.88], ca: [45.42, -75.7],
  ch: [46.95, 7.45], cl: [-33.45, -70.67], co: [4.71, -74.07], cr: [9.93, -84.08], cy: [35.19, 33.38],
  cz: [50.08, 14.44], de: [52.52, 13.4], dk: [55.68, 12.57], do: [18.49, -69.93], ec: [-0.18, -78.47],
  ee: [59.44, 24.75], eg: [30.04, 31.24], es: [40.42, -3.7], fi: [60.17, 24.94], fr: [48.86, 2.35],
  gh: [5.6, -0.19], gr: [37.98, 23.73], gt: [14.63, -90.51], hr: [45.81, 15.98], hu: [47.5, 19.04],
  id: [-6.21, 106.85], ie: [53.35, -6.26], il: [32.09, 34.78], in: [28.61, 77.21], is: [64.15, -21.94],
  it: [41.9, 12.5], jo: [31.95, 35.93], jp: [35.68, 139.69], ke: [-1.29, 36.82], kr: [37.57, 126.98],
  kw: [29.38, 47.99], lk: [6.93, 79.86], lt: [54.69, 25.28], lu: [49.61, 6.13], lv: [56.95, 24.11],
  ma: [34.02, -6.84], mt: [35.9, 14.51], mx: [19.43, -99.13], my: [3.14, 101.69], ng: [9.08, 7.4],
  nl: [52.37, 4.9], no: [59.91, 10.75], nz: [-41.29, 174.78], om: [23.59, 58.41], pa: [8.98, -79.52],
  pe: [-12.05, -77.04], ph: [14.6, 120.98], pk: [33.68, 73.05], pl: [52.23, 21.01], pr: [18.47, -66.11],
  pt: [38.72, -9.14], qa: [25.29, 51.53], ro: [44.43, 26.1], rs: [44.79, 20.45], sa: [24.71, 46.68],
  se: [59.33, 18.07], sg: [1.35, 103.82], si: [46.06, 14.51], sk: [48.15, 17.11], th: [13.76, 100.5],
  tr: [39.93, 32.86], tw: [25.03, 121.57], ua: [50.45, 30.52], uk: [51.51, -0.13], us: [38.9, -77.04],
  uy: [-34.9, -56.16], vn: [21.03, 105.85], za: [-25.75, 28.19],
};
