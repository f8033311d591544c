// A rule number typed in a search box, read offline as the server reads it: the pattern and the
// length limit come from the rules export (rules_ref.search.numbers' LOOSE_NUMBER, words' MAX_QUERY_CHARS),
// the steps are normalize_query then parse_number. A classic script: the service worker loads it
// with importScripts, the pages with <script>; it defines self.ArbitreNumbers.
(function (scope) {
  "use strict";
  function reader(doc) {
    const pattern = new RegExp(doc.number_pattern, "i");
    const urls = new Map();
    for (const rs of doc.rulesets) {
      if (rs.slug !== doc.default_ruleset) continue;
      for (const rule of rs.rules) if (rule.number && !rule.implicit) urls.set(rule.number, rule.url);
    }
    function parse(q) {
      const text = (q || "").normalize("NFC").replace(/\u2019/g, "'").split(/\s+/).filter(Boolean).join(" ")
        .slice(0, doc.max_query_chars);
      const match = pattern.exec(text.trim());
      if (!match) return null;
      // parse_number's steps: the levels as integers, a lone level only when nothing but a number
      // (and « R »/« règle ») was typed ("2 a" is not a rule: letters start at the second level)
      const levels = match.groups.digits.match(/\d+/g);
      const letter = match.groups.letter;
      if (levels.length === 1 && levels[0].length > 2) return null; // « 310 »: digits run together
      if (levels.length === 1 && (letter || !/^\s*(?:r(?:[eèé]gles?)?\.?\s*)?\d+[.)]*\s*$/i.test(text))) return null;
      const number = levels.map((n) => String(parseInt(n, 10))).join(".");
      const lettered = letter ? `${number}.${letter.toLowerCase()}` : number;
      return letter && match.groups.sub ? `${lettered}.${match.groups.sub.toLowerCase()}` : lettered;
    }
    return { parse, address: (q) => urls.get(parse(q)) || null, urls };
  }
  scope.ArbitreNumbers = { reader };
})(self);
