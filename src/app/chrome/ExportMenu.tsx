/** Export menu: placeholder until the exporters land (filled in below). */
export function ExportMenu() {
  return null;
}
