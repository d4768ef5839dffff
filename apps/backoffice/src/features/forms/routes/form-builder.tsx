export function FormBuilderRoute() {
  return null;
}
