/** A stylesheet imported as its text (the build, the tests and `dev` load `.css` as text: see build.mjs). */
declare module "*.css" {
  const text: string;
  export default text;
}
