"""Questions the engine asks players, answered from a scenario's `choices` list."""

from __future__ import annotations

from ..errors import ChoiceError, did_you_mean


class Question:
    """A question: who, what kind, the prompt, and the legal answers as (label, value) pairs."""

    __slots__ = ("player", "kind", "prompt", "legal", "multi", "count", "exact")

    def __init__(self, player, kind, prompt, legal, multi=False, count=None, exact=False):
        self.player = player
        self.kind = kind
        self.prompt = prompt
        self.legal = legal
        self.multi = multi
        self.count = count      # a multi question: how many answers at most (None: any number)
        self.exact = exact      # ... and exactly that many


class ScriptedAnswers:
    """Answers consumed in file order among those of the same player and kind."""

    def __init__(self, choices: list[dict], on_missing: str = "error", spans=None, ask=None):
        self.queues: dict = {}
        # (question) -> an answer, as a scenario writes it: asked when no answer is left
        # (`cardscript play` asks the player); the answer is checked like a written one.
        self.ask = ask
        self.spans = spans or {}
        for i, c in enumerate(choices):
            self.queues.setdefault((c["player"], c["kind"]), []).append((i, c["answer"]))
        self.on_missing = on_missing
        self.asked: list = []

    def answer(self, q: Question):
        queue = self.queues.get((q.player, q.kind))
        if not queue and q.kind == "pay":
            # An optional cost is a 'may' about a cost: with no `pay` answer left, a `may`
            # answer of the same player answers it (a card's text says "you may ...").
            queue = self.queues.get((q.player, "may"))
        if not queue and self.ask is not None:
            queue = [(None, self.ask(q))]
        if not queue:
            if self.on_missing == "first":
                if q.multi:             # as many of the first legal answers as it must take
                    return [v for _, v in q.legal[:q.count if q.exact else 1]]
                return q.legal[0][1]
            labels = [str(lbl) for lbl, _ in q.legal]
            raise ChoiceError(
                f"no answer for {q.player}'s {q.kind} question: {q.prompt}", None,
                hint=f"add to choices: {{player: {q.player}, kind: {q.kind}, answer: ...}}; "
                     f"legal answers: {', '.join(labels) or 'none'}", code="S301")
        idx, ans = queue.pop(0)
        self.asked.append((q, ans))
        try:
            picked = _pick(q, ans)
            if q.multi and q.count is not None and (len(picked) > q.count or
                                                    q.exact and len(picked) != q.count):
                raise ChoiceError(
                    f"{q.player}'s {q.kind} question takes {'exactly' if q.exact else 'at most'}"
                    f" {q.count} answer(s), got {len(picked)}: {q.prompt}", None, code="S302",
                    hint=_legal_hint(q))
            return picked
        except ChoiceError as e:
            # At the item of a list answer the error is about, else at the whole answer.
            e.span = self.spans.get((idx, e.item)) or self.spans.get(idx)
            raise


def _norm(x) -> str:
    return str(x).strip().lower()


def _name_of(val) -> str:
    """The card name an answer can use for a legal value: a card's, or an `order` question's
    event's source card (spec: an order answer lists source names or ids)."""
    name = getattr(val, "name", None)
    if name is None:
        name = getattr(getattr(val, "source", None), "name", None)
    return name or ""


def _one(q: Question, ans):
    a = _norm(ans)
    if q.kind == "option":                         # an option: its words or its 1-based number
        if a.isdecimal() and 1 <= int(a) <= len(q.legal):
            return q.legal[int(a) - 1][1]
        for lbl, val in q.legal:
            if _norm(lbl) == a:
                return val
    for lbl, val in q.legal:                       # exact label, id or location
        if _norm(lbl) == a or _norm(getattr(val, "id", val)) == a:
            return val
    for lbl, val in q.legal:                       # a card by name (an event: its source's)
        if _norm(_name_of(val)) == a:
            return val
    at = [val for lbl, val in q.legal               # a card by its location, if only one is there
          if getattr(val, "at", None) is not None and _norm(val.at) == a]
    if len(at) == 1:
        return at[0]
    for lbl, val in q.legal:                       # the start of an option's words
        if q.kind == "option" and _norm(lbl).startswith(a):
            return val
    close = did_you_mean(str(ans), [str(lbl) for lbl, _ in q.legal] +
                         [_name_of(val) for _, val in q.legal if _name_of(val)])
    raise ChoiceError(f"{ans!r} is not a legal answer to {q.player}'s {q.kind} question: "
                      f"{q.prompt}", None, code="S302",
                      hint=" ".join(filter(None, [close, _legal_hint(q)])))


def _legal_hint(q: Question) -> str:
    return "legal answers: " + (", ".join(str(lbl) for lbl, _ in q.legal) or "none")


def _pick_many(q: Question, ans) -> list:
    """The values a multi-answer names; an `order` answer names every item exactly once."""
    order = q.kind == "order"
    if order and not isinstance(ans, list):
        raise ChoiceError(f"an order answer is a list naming each of the {len(q.legal)} items, "
                          f"got {ans!r}: {q.prompt}", None, code="S302",
                          hint=f"write answer: [{', '.join(str(l) for l, _ in q.legal)}] (first "
                               f"resolves first); {_legal_hint(q)}")
    items = ans if isinstance(ans, list) else [ans]
    if len(items) > len(q.legal):
        raise ChoiceError(f"{q.player}'s {q.kind} answer names {len(items)} items, but there are "
                          f"only {len(q.legal)} to {'order' if order else 'choose from'}: "
                          f"{q.prompt}", None, code="S302", hint=_legal_hint(q))
    out, pool = [], list(q.legal)
    for j, it in enumerate(items):
        try:
            val = _one(Question(q.player, q.kind, q.prompt, pool), it)
        except ChoiceError:
            try:
                _one(q, it)
            except ChoiceError as e:     # not legal at all: that error, with every legal answer
                e.item = j
                raise
            times = sum(1 for x in items if _norm(x) == _norm(it))
            fits = _count_matches(q, it)
            e = ChoiceError(f"{it!r} is named {times} times in {q.player}'s {q.kind} answer, "
                            f"but {fits} of the items {'is' if fits == 1 else 'are'} {it!r}: "
                            f"{q.prompt}", None, code="S302",
                            hint="name each item once; " + _legal_hint(q))
            e.item = j
            raise e from None
        out.append(val)
        pool = [p for p in pool if p[1] is not val]
    if order and pool:
        named = len(out) or "none"
        raise ChoiceError(f"{q.player}'s order answer names {named} of the {len(q.legal)} items; "
                          f"it leaves out {', '.join(str(l) for l, _ in pool)}: {q.prompt}",
                          None, code="S302",
                          hint="an order answer names every item once, first = resolves first; "
                               + _legal_hint(q))
    return out


def _count_matches(q: Question, it) -> int:
    """How many of the legal answers `it` can name, one after the other."""
    pool, n = list(q.legal), 0
    while pool:
        try:
            val = _one(Question(q.player, q.kind, q.prompt, pool), it)
        except ChoiceError:
            break
        n += 1
        pool = [p for p in pool if p[1] is not val]
    return n


def _pick(q: Question, ans):
    if q.multi:
        return _pick_many(q, ans)
    if isinstance(ans, list) and q.kind not in ("path",):
        if len(ans) != 1:
            raise ChoiceError(f"{q.player}'s {q.kind} question takes one answer, got {ans!r}",
                              None, code="S302", hint=_legal_hint(q))
        ans = ans[0]
    if q.kind == "path":
        want = [_norm(x) for x in (ans if isinstance(ans, list) else [ans])]
        for lbl, val in q.legal:
            if [_norm(x) for x in val] == want or [_norm(lbl)] == want:
                return val
        raise ChoiceError(f"{ans!r} is not a legal path for {q.player}: {q.prompt}", None,
                          hint="legal paths: " + "; ".join(str(l) for l, _ in q.legal),
                          code="S302")
    if q.kind in ("may", "pay"):
        if isinstance(ans, bool):
            return ans
        raise ChoiceError(f"{q.player}'s {q.kind} question takes true or false, got {ans!r}",
                          None, code="S302", hint="answer: true or false")
    return _one(q, ans)
