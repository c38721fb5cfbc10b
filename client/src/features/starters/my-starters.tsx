/** The profile's 'My Starters' tab: the signed-in member's starters with their actions. */
export function MyStarters() {
  return <p className="text-muted">No starters posted yet</p>;
}
