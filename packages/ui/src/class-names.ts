/** Joins the truthy class names, so components can merge their own classes with the caller's. */
export function classNames(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
