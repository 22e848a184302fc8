export default function Course() {
  return <h1>Kurz</h1>;
}
