export default function Catalog() {
  return <h1>Katalóg kurzov</h1>;
}
