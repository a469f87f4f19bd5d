/** Whether a filter's value is in use (a range with either end given). */
export const isSet = (v: unknown) =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));
