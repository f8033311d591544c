// The one DOM helper of the site's scripts: el(tag, props, ...children). `class`, `text`, `dataset`,
// `for`, `on<event>` handlers; a prop the element has (value, checked, hidden, disabled, htmlFor,
// readOnly…) is set as a property, any other (aria-*, role, tabindex…) as an attribute. Children are
// nodes or text: never HTML.
export function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "for") node.htmlFor = value;
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key in node && key !== "list" && key !== "form" && !key.includes("-")) node[key] = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
