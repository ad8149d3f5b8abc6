/**
 * Text a person typed (a name, a school, a class, an address), shown as React text (never markup) in
 * its own `<bdi>`: its direction is isolated, so a bidirectional control stored in it (an RTL override)
 * cannot reorder the rest of the line (docs/security.md "Hostile text as the user sees it").
 */
export function UserText({ children }: { children: string | null | undefined }) {
  return <bdi>{children}</bdi>;
}
