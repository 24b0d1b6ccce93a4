/**
 * For the `default:` of a switch over a closed list (story types, lock reasons…): `value` is `never` once every
 * case is handled, so a new member of the list does not compile until each switch names it.
 */
export function unreachable(value: never): never {
  throw new Error(`Unhandled value: ${String(value)}`);
}
