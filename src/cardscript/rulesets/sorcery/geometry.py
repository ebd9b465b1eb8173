"""The realm: a grid of 4 rows by 5 columns, squares 1-20 row by row; adjacent, nearby, steps."""

from __future__ import annotations

from collections import deque

from .codex_terms import TRAITS as CODEX_TRAITS
from .losing import is_empty
from .units import UNITS as UNIT_KINDS

BENEATH = frozenset({"underground", "underwater"})     # the regions below a site

ROWS, COLS = 4, 5
# The shapes a card may span (its `spans:` place field), as offsets from its anchor square
# (`at`, the top-left one): the four squares meeting at an intersection below and right of
# it, or two squares side by side ('across': it and the next one east; 'down': it and the
# next one south). docs/rulesets/sorcery.md, "Oversized units".
SPANS = {"intersection": ((0, 0), (0, 1), (1, 0), (1, 1)),
         "across": ((0, 0), (0, 1)), "down": ((0, 0), (1, 0))}
# What stands on its whole span: a unit, and a magic spell while an oversized unit casts it
# (it comes from every location of its caster: kinds.py `cast_action` copies the place).
SPANNING_KINDS = UNIT_KINDS | {"magic"}


def forward(game, player) -> int:
    """The row step toward the player's opponent: +1 for the first player (the scenario's
    first, who sits at the first row), -1 for the other (docs/rulesets/sorcery.md,
    "Borders, facing, joined edges and far exits")."""
    first = next(iter(game.state.players))
    return 1 if player == first else -1


def in_front(game, player, loc):
    """The location directly in front of `loc` for `player`, or None past the realm's edge."""
    r, c = Grid.rc(loc)
    r += forward(game, player)
    return Grid.sq(r, c) if 0 <= r < ROWS else None


def carried(card) -> bool:
    """An artifact a unit carries: it stands on every square its bearer stands on."""
    return card.kind == "artifact" and card.ext.get("carried_by") is not None


class Grid:
    """Board geometry primitives the engine and Sorcery's verbs use."""

    default_region = "surface"

    def locations(self, game=None):
        return range(1, ROWS * COLS + 1)

    @staticmethod
    def rc(sq: int) -> tuple[int, int]:
        return (sq - 1) // COLS, (sq - 1) % COLS

    @staticmethod
    def sq(r: int, c: int) -> int | None:
        if 0 <= r < ROWS and 0 <= c < COLS:
            return r * COLS + c + 1
        return None

    @classmethod
    def corners(cls) -> list[int]:
        """The four corner squares of the realm ('a corner void' where no site is)."""
        return [cls.sq(r, c) for r in (0, ROWS - 1) for c in (0, COLS - 1)]

    @classmethod
    def span_squares(cls, at, spans) -> list:
        """The squares a shape of `SPANS` covers from its anchor `at` (top-left first), or []
        when part of it would be off the grid; `[at]` for no shape."""
        if spans is None:
            return [at]
        r, c = cls.rc(at)
        out = [cls.sq(r + dr, c + dc) for dr, dc in SPANS[spans]]
        return [] if None in out else out

    def squares(self, card) -> list:
        """Every square a card stands on: an oversized unit's (its `spans:` shape from its
        anchor square), a magic spell's it casts and an artifact's it carries (whose place
        fields are its bearer's, `state.stand_with`), or `[card.at]`; [] for a card at no
        square. An aura at an intersection stands on its square and affects the four
        (`affected`); an artifact no unit carries lies on one square."""
        at = card.at
        if at is None:
            return []
        spans = card.ext.get("spans")
        if spans is None or card.kind not in SPANNING_KINDS and not carried(card):
            return [at]
        return self.span_squares(at, spans) or [at]

    def adjacent(self, a, b) -> bool:
        """Adjacent, as the game's codex defines it: the square itself and the (up to) four
        squares that share an edge with it. Diagonal squares are not adjacent."""
        return self.near(a, b, "adjacent")

    def near(self, a, b, reach: str = "adjacent", steps: int = 1) -> bool:
        """Is square `a` within `reach` of square `b`? (docs/rulesets/sorcery.md, "Near and far")

        'adjacent': the same square or one sharing an edge (up to 5 squares); 'nearby': the
        same square or any of the (up to) eight around it, diagonals included (up to 9);
        'steps': at most `steps` orthogonal steps apart (the square itself is 0 steps away).
        """
        if a is None or b is None:
            return False
        (r1, c1), (r2, c2) = self.rc(a), self.rc(b)
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        if reach == "nearby":
            return max(dr, dc) <= 1
        if reach == "steps":
            return dr + dc <= steps
        return dr + dc <= 1

    def steps_between(self, a, b) -> int:
        """How many orthogonal steps apart two squares are (codex "Closest": the fewest
        steps to reach; the square itself is 0). Counted across the grid: whether a unit
        could enter the squares between is not asked."""
        (r1, c1), (r2, c2) = self.rc(a), self.rc(b)
        return abs(r1 - r2) + abs(c1 - c2)

    def near_on(self, game, a, b, reach: str = "adjacent", steps: int = 1,
                source=None) -> bool:
        """`near`, and the reaches the board decides: 'body of water' (square `a` is a water
        site joined to the water site at `b` through water sites sharing an edge), 'affected
        sites' (a site the card `source` affects: `affected`), 'in front' (square `a` is the
        location directly in front of `b` for the controller of `source`)."""
        if reach == "body of water":
            return a in self.body_of_water(game, b)
        if reach == "affected sites":
            return source is not None and a in self.affected(game, source)
        if reach == "in front":
            return source is not None and b is not None and \
                a == in_front(game, source.controller, b)
        return self.near(a, b, reach, steps)

    def affected(self, game, card) -> list:
        """The squares whose sites a card affects: an aura at an intersection (`spans:
        intersection`), the sites of the four squares meeting below and right of its square;
        any other card, the site of its own square."""
        if card.at is None:
            return []
        squares = self.span_squares(card.at, card.ext.get("spans")) or [card.at]
        return [s for s in squares if self.has_site(game, s)]

    def body_of_water(self, game, loc) -> list:
        """The water sites joined to `loc` through water sites sharing an edge (its body of
        water, `loc` included), in square order; [] when `loc` is no water site."""
        if loc is None or not self.has_trait(game, loc, "water"):
            return []
        seen, todo = {loc}, [loc]
        while todo:
            for n in self.neighbors(todo.pop()):
                if n not in seen and self.has_trait(game, n, "water"):
                    seen.add(n)
                    todo.append(n)
        return sorted(seen)

    def in_region(self, card, region: str) -> bool:
        """Does the card stand in this region (`surface`, `underground`, `underwater`,
        `void`; `below`: either of the two beneath a site)? A card with no region of its own
        stands on the surface."""
        own = card.ext.get("region") or self.default_region
        return own in BENEATH if region == "below" else own == region

    def same_region(self, a, b) -> bool:
        """Are two cards in one region (surface, underwater)? A site spans its surface and
        what lies beneath it, so it shares a region with every card there. Card text that
        measures from its card ('each minion nearby', 'here') reaches only its region."""
        if a.kind == "site" or b.kind == "site":
            return True
        default = self.default_region
        return (a.ext["region"] or default) == (b.ext["region"] or default)

    def neighbors(self, a) -> list[int]:
        r, c = self.rc(a)
        out = [self.sq(r - 1, c), self.sq(r, c - 1), self.sq(r, c + 1), self.sq(r + 1, c)]
        return [x for x in out if x is not None]

    def parse_location(self, value):
        """A square from a scenario's value: a whole number, or its digits as text ('8').

        Anything else (true, 8.5, a name) comes back unchanged, so it is no square of the
        realm and the caller says so, rather than being rounded onto one.
        """
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().isdecimal() and len(value.strip()) < 6:
            return int(value)
        return value

    def site_at(self, game, loc):
        for c in game.state.in_zones(game.policy.play_zones):
            if c.kind == "site" and c.at == loc:
                return c
        return None

    def has_site(self, game, loc) -> bool:
        return self.site_at(game, loc) is not None

    def has_trait(self, game, loc, trait: str) -> bool:
        site = self.site_at(game, loc)
        return site is not None and self.card_trait(game, site, trait)

    @staticmethod
    def card_trait(game, card, trait: str) -> bool:
        """Has a card a trait (an element: 'a water site', 'fire minions')? Its header says so
        (a flag, or an element of its printed threshold), or its state does: a flooded site is
        a water site; a site an ongoing effect says ceases to be a water site is none. The
        codex's own terms (Evil, wounded, land) are codex_terms.py's."""
        term = CODEX_TRAITS.get(trait)
        if term is not None:
            return term(game, card)
        if card.kind == "site" and game.statics("cease element") and any(
                args.get("element") == trait and card.at in game.geometry.affected(game, src)
                for src, _, args in game.statics("cease element")):
            return False          # a card that takes an element from affected sites wins
        if trait == "empty":
            # 'a relic or empty site': the word holds a site to it, not a card of another kind
            return card.kind != "site" or is_empty(game, card, UNIT_KINDS)
        if trait in card.tpl.flags or trait in card.flags:
            return True
        if trait in str(card.tpl.props.get("threshold", "")).split():
            return True
        if card.tpl.props.get("rarity") == trait:
            return True                                 # its printed rarity ('an Elite spell')
        if card.kind == "site" and game.has_subtype(card, trait):
            return True          # a subtype of the site ('a River site'), printed or added
        if trait != "water" or card.kind != "site":
            return False
        if "flooded" in card.flags:
            return True
        # 'Its location is flooded': the site where such a card stands, while it does.
        return any(src.at == card.at for src, _, _ in game.statics("flooded location"))

    @staticmethod
    def layer(card) -> str:
        """'under' its site (underwater, underground) or 'on' it (anywhere else)."""
        return "under" if card.ext.get("region") in ("underwater", "underground") else "on"

    def step(self, a, b):
        """The next square from a in the direction a -> b (b adjacent to a), or None at the edge."""
        (r1, c1), (r2, c2) = self.rc(a), self.rc(b)
        return self.sq(r2 + (r2 - r1), c2 + (c2 - c1))

    def shortest_paths(self, start, goal, can_enter, limit=64) -> list[list[int]]:
        """Every shortest path from start to goal (excluding start) through squares `can_enter` allows."""
        if start == goal:
            return []
        dist = {start: 0}
        q = deque([start])
        while q:
            cur = q.popleft()
            for n in self.neighbors(cur):
                if n not in dist and can_enter(n):
                    dist[n] = dist[cur] + 1
                    q.append(n)
        if goal not in dist:
            return []
        paths: list[list[int]] = []

        def back(node, acc):
            if len(paths) >= limit:
                return
            if node == start:
                paths.append(list(reversed(acc)))
                return
            for n in self.neighbors(node):
                if dist.get(n) == dist[node] - 1:
                    back(n, acc + [node])
        back(goal, [])
        return sorted(paths)
