"""The engine core knows no game: it imports no ruleset and names none."""

from __future__ import annotations

import ast as pyast
import importlib
from pathlib import Path

from cardscript import rulesets

SRC = Path(__file__).resolve().parents[1] / "src" / "cardscript"
CORE = ["interpreter", "compiler", "language", "grammar", "scenario", "library"]
BUILT_IN = ["sorcery", "grand_archive", "mage_noir", "keyforge", "everrain"]
GAME_WORDS = BUILT_IN + [
    "realm", "spellbook", "atlas", "water", "minion", "cemetery", "flooded",  # Sorcery
    "champion", "banishment",                                         # Grand Archive
    "channeled", "crimson",                                           # Mage Noir
    "aember", "battleline", "house", "flank",                         # KeyForge
    "story_slot", "sea_event", "denizen",                             # The Everrain
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolved_imports(path: Path) -> set[str]:
    """Every module a file imports, relative forms resolved (`from .. import x` gives both
    the package and `package.x`)."""
    mod = _module_name(path)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    out = set()
    for node in pyast.walk(pyast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, pyast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, pyast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            out.add(target)
            out |= {f"{target}.{a.name}" for a in node.names}
    return out


def _imports(path: Path) -> list[str]:
    tree = pyast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in pyast.walk(tree):
        if isinstance(node, pyast.Import):
            out.extend(a.name for a in node.names)
        elif isinstance(node, pyast.ImportFrom):
            base = ("." * node.level) + (node.module or "")
            out.append(base)
            # `from .. import rulesets` imports a module too: name it, so no such form hides.
            sep = "" if base.endswith(".") else "."
            out.extend(base + sep + a.name for a in node.names)
    return out


def test_every_ruleset_loads():
    """Every registered ruleset (the five built-in ones at least) loads and has a policy and
    a language."""
    assert set(BUILT_IN) <= set(rulesets.available())
    for name in rulesets.available():
        rs = rulesets.get(name)
        assert rs.name == name
        assert rs.policy.name == name
        assert rs.language.verbs


def test_core_modules_import_no_ruleset():
    """No module of the engine core imports a ruleset (they register themselves); scenario/
    may look one up by name in the registry, never import a game's package."""
    for stage in CORE:
        for path in (SRC / stage).rglob("*.py"):
            for mod in _imports(path):
                if stage == "scenario" and mod.lstrip(".") == "rulesets":
                    continue
                assert "rulesets" not in mod, f"{path} imports {mod}"


def test_the_import_reader_sees_every_form():
    """`from .. import x` is read as importing `..x`, so the checks above cannot miss it."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "m.py"
        f.write_text("from .. import rulesets\nfrom .a import b\nimport c.d\n", encoding="utf-8")
        mods = _imports(f)
    assert "..rulesets" in mods and ".a.b" in mods and "c.d" in mods


def test_core_modules_name_no_game():
    """No identifier or string in the engine core names a game or its zones."""
    for stage in ["interpreter"]:
        for path in (SRC / stage).rglob("*.py"):
            text = path.read_text(encoding="utf-8").lower()
            for word in GAME_WORDS:
                assert word not in text, f"{path} mentions {word!r}"


def _code_words(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every name and string of a module (its comments left out)."""
    import io
    import tokenize
    src = path.read_text(encoding="utf-8")
    return [(t.start[0], t.string.lower())
            for t in tokenize.generate_tokens(io.StringIO(src).readline)
            if t.type in (tokenize.NAME, tokenize.STRING)]


def test_shared_layers_name_no_game():
    """No name or string of the shared layers names a game, its zones or its nouns."""
    for stage in ["compiler", "language", "library", "interpreter", "scenario"]:
        for path in (SRC / stage).rglob("*.py"):
            for line, text in _code_words(path):
                for word in GAME_WORDS:
                    assert word not in text, f"{path}:{line} names {word!r}"


def test_importing_the_engine_loads_no_ruleset():
    """Importing the engine (in a fresh interpreter) does not import any ruleset module."""
    import subprocess
    import sys
    code = ("import sys, cardscript.interpreter.game, cardscript.interpreter.actions;"
            "print([m for m in sys.modules if m.startswith('cardscript.rulesets.')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_policy_rejects_unknown_settings():
    """A policy is data checked when loaded: unknown settings and values are refused."""
    import pytest
    from cardscript.interpreter.policy import Policy, PolicyError
    with pytest.raises(PolicyError):
        Policy.from_dict({"name": "x", "new_event": "front"})
    with pytest.raises(PolicyError):
        Policy.from_dict({"name": "x", "new_events": "sideways"})
    p = Policy.from_dict({"name": "x", "split_on": ["move"]})
    assert p.split_on == frozenset({"move"})
    importlib.import_module("cardscript.interpreter.game")


RULES_USERS = [SRC / "rulesets", SRC / "library", SRC.parents[1] / "docs" / "examples"]


def _game_attributes(path: Path) -> set[str]:
    """Every `game.X` / `g.X` a module reads or calls (the names rulesets give the game)."""
    tree = pyast.parse(path.read_text(encoding="utf-8"))
    return {node.attr for node in pyast.walk(tree)
            if isinstance(node, pyast.Attribute) and isinstance(node.value, pyast.Name)
            and node.value.id in ("game", "g")}


def test_rulesets_use_the_game_only_through_the_rules_interface():
    """Rulesets, the library and the docs' examples use only the rules interface's game names."""
    from cardscript.interpreter.rules import interface_names
    allowed = interface_names()
    for root in RULES_USERS:
        for path in root.rglob("*.py"):
            wrong = _game_attributes(path) - allowed
            assert not wrong, f"{path} uses game.{sorted(wrong)} outside the rules interface"


def test_the_game_provides_the_whole_rules_interface():
    """Every name of the rules interface exists on the interpreter's Game."""
    from cardscript.interpreter.game import Game
    from cardscript.interpreter.rules import interface_names
    from cardscript.rulesets import get
    from cardscript.interpreter.choices import ScriptedAnswers
    from cardscript.interpreter.state import GameState
    rs = get("sorcery")
    game = Game(rs, GameState(["a", "b"], rs.zones, dict(rs.counters)), ScriptedAnswers([]))
    missing = {n for n in interface_names() if not hasattr(game, n)}
    assert not missing


def test_the_ruleset_slot_is_kept_per_ruleset():
    """game.slot makes a ruleset's state once, keeps it, and set_slot replaces it."""
    from cardscript.interpreter.game import Game
    from cardscript.interpreter.choices import ScriptedAnswers
    from cardscript.interpreter.state import GameState
    from cardscript.rulesets import get
    rs = get("keyforge")
    game = Game(rs, GameState(["a", "b"], rs.zones, dict(rs.counters)), ScriptedAnswers([]))
    first = game.slot("seen", list)
    first.append(1)
    assert game.slot("seen", list) == [1]
    game.set_slot("seen", None)
    assert game.slot("seen", list) is None


def test_no_stage_writes_into_a_frozen_object():
    """No module writes into a frozen object with object.__setattr__ (caches live in a Memo)."""
    for path in SRC.rglob("*.py"):
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        for node in pyast.walk(tree):
            if isinstance(node, pyast.Call) and isinstance(node.func, pyast.Attribute) and \
                    node.func.attr == "__setattr__" and \
                    isinstance(node.func.value, pyast.Name) and node.func.value.id == "object":
                raise AssertionError(f"{path}:{node.lineno} writes into a frozen object")


def test_no_constructor_skips_init():
    """Objects are made through their own class's constructor: nothing calls object.__new__."""
    for path in SRC.rglob("*.py"):
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        for node in pyast.walk(tree):
            if isinstance(node, pyast.Attribute) and node.attr == "__new__" and \
                    isinstance(node.value, pyast.Name) and node.value.id == "object":
                raise AssertionError(f"{path}:{node.lineno} makes an object past its __init__")


def test_the_per_token_nodes_keep_their_dataclass_shape():
    """Span, Word and Phrase (own constructors) stay frozen, keyword-built, equal and hashable."""
    import dataclasses
    from cardscript.errors import Span
    from cardscript.syntax import Phrase, Word
    span = Span("a.cards", 1, 2)
    assert span == Span(file="a.cards", line=1, column=2, end_line=0, end_column=0)
    assert repr(span) == "Span(file='a.cards', line=1, column=2, end_line=0, end_column=0)"
    word = Word(text="x", kind="word", span=span)
    phrase = Phrase((word,), span)
    assert hash(phrase) == hash(Phrase(words=(Word("x", "word", span),), span=span))
    assert dataclasses.replace(word, kind="name") == Word("x", "name", span)
    try:
        word.text = "y"
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("a Word took an assignment")


def test_a_memo_is_never_saved():
    """A pickled Memo comes back empty, and it takes no part in a selector's equality."""
    import pickle
    from cardscript.language.selectors import Selector
    a, b = Selector(quant="each"), Selector(quant="each")
    a.memo.value = len
    assert a == b and hash(a) == hash(b)
    assert pickle.loads(pickle.dumps(a)).memo.value is None


def test_every_template_visitor_visits_every_node():
    """Each complete visitor of the effect tree (the interpreter's too) visits every node type."""
    import cardscript.interpreter.interpret  # noqa: F401 (defines the interpreter's visitor)
    from cardscript.compiler.visit import EFFECT_NODES, TemplateVisitor
    visitors = TemplateVisitor.__subclasses__()
    assert {v.__name__ for v in visitors} >= {"Children", "Run"}
    for v in visitors:
        if not v.partial:
            assert set(v.table) == set(EFFECT_NODES), v.__name__


def test_a_visitor_is_checked_when_it_is_defined():
    """A visit_ method naming no node, or a node left without a method, fails at definition."""
    import pytest
    from cardscript.compiler.visit import TemplateVisitor
    with pytest.raises(TypeError, match="names no template node"):
        type("Typo", (TemplateVisitor,), {"partial": True, "visit_Doo": lambda self, n: n})
    with pytest.raises(TypeError, match="does not visit"):
        type("Short", (TemplateVisitor,), {"visit_Do": lambda self, n: n})
    only_do = type("OnlyDo", (TemplateVisitor,), {"partial": True,
                                                   "visit_Do": lambda self, n: "do"})
    from cardscript.compiler.template import SeqT
    with pytest.raises(TypeError, match="does not handle SeqT"):
        only_do().visit(SeqT(()))


def test_no_walk_over_the_effect_tree_outside_the_visitor():
    """No module walks the effect tree by hand: every walk goes through compiler/visit.py."""
    for path in SRC.rglob("*.py"):
        if path.name == "visit.py":
            continue
        text = path.read_text(encoding="utf-8")
        for probe in ('getattr(node, attr', 'for attr in ("items", "options")'):
            assert probe not in text, f"{path} walks the tree by hand"


def _stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "cardscript" and len(parts) > 1 else None


def test_rulesets_import_only_the_rules_interface_language_and_library():
    """A game's folder imports only the rules interface, the language, the library, errors."""
    allowed = ("cardscript.interpreter.rules", "cardscript.language", "cardscript.library",
               "cardscript.errors")
    for game in BUILT_IN:
        for path in (SRC / "rulesets" / game).rglob("*.py"):
            for mod in _resolved_imports(path):
                if not mod.startswith("cardscript.") or \
                        mod.startswith(f"cardscript.rulesets.{game}"):
                    continue
                if mod in ("cardscript.rulesets", "cardscript.rulesets.Ruleset",
                           "cardscript.rulesets.repo_cards_dir"):
                    continue
                assert mod.startswith(allowed), f"{path} imports {mod}"


def test_no_import_cycle_between_packages():
    """No two packages import each other round any loop (relative, in-function imports too)."""
    packages = {p.parent.name for p in SRC.glob("*/__init__.py")}
    graph: dict = {p: set() for p in packages}
    for pkg in packages:
        for path in (SRC / pkg).rglob("*.py"):
            for mod in _resolved_imports(path):
                other = _stage(mod)
                if other in packages and other != pkg:
                    graph[pkg].add(other)

    def reaches(start, goal, seen):
        for nxt in graph[start]:
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False
    cycles = sorted(p for p in packages if reaches(p, p, {p}))
    assert cycles == [], f"packages in an import cycle: {cycles}"


def _module_cycles() -> list[list[str]]:
    """Every set of modules of the package that import one another round a loop (Tarjan's
    strongly connected components); a module's own enclosing packages are no edge, since
    importing a module runs them first anyway."""
    mods = {_module_name(p): p for p in SRC.rglob("*.py")}
    graph = {}
    for mod, path in mods.items():
        parts = mod.split(".")
        enclosing = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        graph[mod] = sorted(t for t in _resolved_imports(path)
                            if t in mods and t not in enclosing)
    index: dict = {}
    low: dict = {}
    stack: list = []
    cycles: list = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return cycles


def test_no_import_cycle_between_modules():
    """No two modules import each other round any loop, inside a package or across (render and
    the storyline view, Mage Noir's language and mana once did), in-function imports too."""
    assert _module_cycles() == []


def test_the_module_cycle_check_finds_a_loop_inside_a_package(tmp_path, monkeypatch):
    """The module check reports two modules of one package that import each other."""
    import test_architecture as arch
    pkg = tmp_path / "cardscript" / "pkg"
    pkg.mkdir(parents=True)
    (tmp_path / "cardscript" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .b import g\n")
    (pkg / "b.py").write_text("from . import a\n")
    monkeypatch.setattr(arch, "SRC", tmp_path / "cardscript")
    assert arch._module_cycles() == [["cardscript.pkg.a", "cardscript.pkg.b"]]


def test_one_target_picker_names_a_card_by_id_name_or_place():
    """pick_card reads an id, a name, an id in another case, then the only card at a place."""
    from cardscript.interpreter.rules import pick_card

    class Card:
        def __init__(self, cid, name, at=None):
            self.id, self.name, self.at = cid, name, at

    a, b, c = Card("Goblin", "Goblin", 3), Card("Goblin#2", "Goblin", 4), Card("boss", "Orc")
    cards = [a, b, c]
    assert pick_card(cards, "Goblin#2") is b
    assert pick_card(cards, "goblin") is a and pick_card(cards, "goblin", [a]) is b
    assert pick_card(cards, "BOSS") is c
    assert pick_card(cards, 4) is b and pick_card(cards, 9) is None


def values_of(fields) -> list:
    """A distinct value for each field: 'v0', 'v1', ..."""
    return [f"v{i}" for i in range(len(fields))]


HAND_BUILT = ("cardscript.language.selectors:Selector", "cardscript.language.selectors:Place",
              "cardscript.compiler.template:Do", "cardscript.compiler.template:HookT",
              "cardscript.compiler.template:AbilityT",
              "cardscript.compiler.template:CardTemplate", "cardscript.compiler:Declared",
              "cardscript.syntax:Step", "cardscript.syntax:Card", "cardscript.syntax:KeywordLine",
              "cardscript.syntax:LabelledAbility", "cardscript.syntax:TriggeredAbility",
              "cardscript.syntax:EffectLine")


def test_hand_written_constructors_take_the_fields_in_order_with_their_defaults():
    """A frozen class given its own constructor (stored through its slots, for speed) takes
    its __init__ fields by position and name, in order, with the dataclass defaults, and
    fills each field, a fresh Memo included: as the generated one would."""
    import dataclasses
    import importlib
    import inspect
    from cardscript.memo import Memo
    for dotted in HAND_BUILT:
        module, _, name = dotted.partition(":")
        cls = getattr(importlib.import_module(module), name)
        fields = [f for f in dataclasses.fields(cls) if f.init]
        params = list(inspect.signature(cls).parameters.values())
        assert [p.name for p in params] == [f.name for f in fields], dotted
        for f, p in zip(fields, params):
            if f.default_factory is not dataclasses.MISSING:     # None stands for a fresh one
                assert p.default is None, (dotted, f.name)
                continue
            want = f.default if f.default is not dataclasses.MISSING else inspect.Parameter.empty
            assert p.default == want, (dotted, f.name)
        needed = [f"v{i}" for i, f in enumerate(fields) if f.default is dataclasses.MISSING
                  and f.default_factory is dataclasses.MISSING]
        bare, again = cls(*needed), cls(*needed)
        for f in fields:
            if f.default_factory is not dataclasses.MISSING:
                assert getattr(bare, f.name) == f.default_factory(), (dotted, f.name)
                assert getattr(bare, f.name) is not getattr(again, f.name), (dotted, f.name)
        values = values_of(fields)
        made, named = cls(*values), cls(**{f.name: v for f, v in zip(fields, values)})
        for f, v in zip(fields, values):
            assert getattr(made, f.name) == v and getattr(named, f.name) == v, (dotted, f.name)
        others = [f for f in dataclasses.fields(cls) if not f.init]
        assert all(isinstance(getattr(made, f.name), Memo) for f in others), dotted
        assert all(getattr(made, f.name) is not getattr(named, f.name) for f in others), dotted
        try:
            setattr(made, fields[0].name, "x")
        except dataclasses.FrozenInstanceError:
            pass
        else:
            raise AssertionError(f"{dotted} took an assignment")
