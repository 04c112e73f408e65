// The examples are bundled as text (esbuild's text loader).
declare module "*.pousse" {
  const text: string;
  export default text;
}
declare module "*.spot" {
  const text: string;
  export default text;
}
declare module "*.path" {
  const text: string;
  export default text;
}
