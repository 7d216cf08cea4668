"""Bidding tables learned by counterfactual regret: the encoding and the look-up.

The trainer (:mod:`euchre.analysis.train_bidding`, ``euchre train bidding``) learns a
policy for every decision before the play of four-handed Euchre: round one, the
dealer's discard, round two and every going-alone decision. This module is the one
statement of how such a decision is numbered, shared by the trainer and the bots, and
reads the tables that ship with the package (``players/data/bidding-*.xz``). It needs
only the standard library.

**The public tree.** With the dealer fixed, the bidding is a small tree of public
decisions (:class:`PublicTree`): who is asked what after which calls. Its nodes are
those of :class:`~euchre.engine.game.Game` exactly (``tests/players/
test_bidding_tables.py`` replays its action sequences through the engine). Seats are
*relative*: 0 is the dealer's left, 3 the dealer.

**Suit isomorphism.** Suits are relabelled from the upcard's suit: ``T`` (the upcard's),
``N`` (next: the same colour) and the two others ``X1``, ``X2``, which are
interchangeable: of the two ways to label them, the one a call already fixed (a cross
suit called is ``X1``) or else the one giving the smaller hand index is taken
(:func:`labelling`). A card's canonical code is ``suit * 6 + rank`` (9 to A = 0..5).

**An information state** is (public node, upcard rank, hand): the hand's combinatorial
index among the 23 cards other than the upcard, or among all 24 for the dealer after
taking the upcard in round one (whose hand then may hold it). The dealer's alone
decision forgets which card it laid away (an abstraction, ``docs/training.md``).

>>> tree = PublicTree.of(Rules())
>>> tree.nodes[0].phase, tree.nodes[0].seat, tree.nodes[0].actions
('bid1', 0, ('pass', 'order'))
>>> len(tree.nodes), len(tree.leaves), tree.states
(108, 109, 22229592)
"""

from __future__ import annotations

import hashlib
import json
import lzma
import struct
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from pathlib import Path
from typing import ClassVar, Final

from euchre.engine.actions import (
    ALONE,
    CALL,
    DISCARD,
    ORDER,
    PASS,
    STAY,
    Action,
    Call,
    GoAlone,
    Order,
    Pass,
)
from euchre.engine.cards import NINE, Card, card_rank, card_suit, cards_of, same_colour
from euchre.engine.rules import PRESETS, Rules
from euchre.engine.view import PlayerView

__all__ = [
    "DEALER",
    "FORMAT",
    "MARK_UNVISITED",
    "QUANTA",
    "Leaf",
    "Node",
    "Place",
    "PublicTree",
    "Table",
    "action_of",
    "bidding_key",
    "canonical_code",
    "discard_options",
    "forget_tables",
    "hand_index",
    "labelling",
    "locate",
    "policy",
    "real_card",
    "real_suit",
    "search_folder",
    "supported",
    "supported_presets",
    "table_for",
    "unsupported_reason",
    "write_table",
]

FORMAT: Final = 1
"""The version of the encoding and of the table files; a table of another format is
not read."""
DEALER: Final = 3
"""The dealer's relative seat (0 is the dealer's left)."""
HANDS_23: Final = comb(23, 5)
"""Hands of five of the 23 cards other than the upcard (33,649)."""
HANDS_24: Final = comb(24, 5)
"""Hands of five of the 24 cards (42,504): the dealer after taking the upcard."""
UPCARD_RANKS: Final = 6
MARK_UNVISITED: Final = 255
"""A table's first byte of an information state the training never reached."""
QUANTA: Final = 250
"""A probability in a table is a byte from 0 to ``QUANTA``."""
DATA_DIR: Final = Path(__file__).parent / "data"

_BINOM: Final = tuple(tuple(comb(n, k) for k in range(6)) for n in range(25))


def _canon_suits(up: int, lab: int) -> tuple[int, ...]:
    """The canonical suit of each real suit, the upcard's suit ``up``, labelling ``lab``
    (0: the lower-numbered cross suit is X1; 1: the other)."""
    low, high = sorted(set(range(4)) - {up, same_colour(up)})
    x1, x2 = (low, high) if lab == 0 else (high, low)
    return tuple({up: 0, same_colour(up): 1, x1: 2, x2: 3}[s] for s in range(4))


_CANON: Final = tuple(tuple(_canon_suits(up, lab) for lab in range(2)) for up in range(4))
"""``_CANON[upcard suit][labelling][suit]``: the canonical suit (T 0, N 1, X1 2, X2 3)."""
_REAL: Final = tuple(
    tuple(tuple(_CANON[up][lab].index(c) for c in range(4)) for lab in range(2))
    for up in range(4))
"""``_REAL[upcard suit][labelling][canonical suit]``: the real suit."""



def _codes(upcard: Card, lab: int, with_upcard: bool) -> tuple[int, ...]:
    """Each card's canonical code (-1 for a card out of the deck), less one above the
    upcard's without ``with_upcard``."""
    up = card_rank(upcard) - NINE
    out = []
    for c in range(32):
        if card_rank(c) < NINE:
            out.append(-1)
            continue
        code = _CANON[card_suit(upcard)][lab][card_suit(c)] * 6 + card_rank(c) - NINE
        out.append(code - 1 if not with_upcard and code > up else code)
    return tuple(out)


_CODES: Final = {up: tuple((_codes(up, lab, False), _codes(up, lab, True)) for lab in range(2))
                 for up in range(32) if card_rank(up) >= NINE}
"""``_CODES[upcard][labelling][with upcard][card]``: the code :func:`hand_index` uses."""

# the options of the bidding the tables depend on (and the form's own conditions)
_BIDDING_OPTIONS: Final = (
    "dealer_must_take_upcard", "stick_the_dealer", "going_alone", "lone_defender",
    "maker_partner_alone", "lone_defender_needs_loner", "loner_lead", "loner_march_points",
    "loner_euchred_points", "lone_defender_scoring", "super_euchre_points",
)


def unsupported_reason(rules: Rules) -> str | None:
    """Why the learned bidding is not defined under ``rules`` (``None``: it is).

    It is defined for four-handed Euchre with the 24-card deck and none of the rules
    that add decisions or change the scoring by more than the trick count (no-trump,
    farmers, going under, throw-in hands, the Canadian loner, partner's best, the fast
    break, four-trick tokens).

    >>> unsupported_reason(Rules()) is None
    True
    >>> unsupported_reason(Rules.preset("railroad"))
    'the deck has 25 cards, not 24'
    """
    if rules.form != "four_handed":
        return f"the form is {rules.form}, not four_handed"
    if rules.deck != 24:
        return f"the deck has {rules.deck} cards, not 24"
    for option in ("no_trump", "farmers", "go_under", "canadian", "fast_break",
                   "four_trick_tokens"):
        if getattr(rules, option):
            return f"{option} is on"
    if rules.throw_in != "none":
        return "throw_in is on"
    if rules.partners_best != "none":
        return "partners_best is on"
    return None


def supported(rules: Rules) -> bool:
    """Whether the learned bidding is defined under ``rules``.

    >>> supported(Rules.preset("tournament")), supported(Rules.preset("two-handed"))
    (True, False)
    """
    return unsupported_reason(rules) is None


def supported_presets() -> list[str]:
    """The presets the learned bidding is defined for.

    >>> supported_presets()
    ['standard', 'tournament', 'openspiel']
    """
    return [name for name, rules in PRESETS.items() if supported(rules)]


def bidding_key(rules: Rules) -> dict[str, object]:
    """The options a table depends on, with those that cannot matter left out (the
    lone defender's scoring when no defender may go alone, say): two rules with the
    same key share a table. The target and the number of deals do not matter (a table
    maximises the points of each deal).

    >>> bidding_key(Rules.preset("tournament")) == bidding_key(Rules.preset("openspiel"))
    True
    >>> bidding_key(Rules()) == bidding_key(Rules.preset("tournament"))
    False
    """
    key = {name: getattr(rules, name) for name in _BIDDING_OPTIONS}
    if not rules.lone_defender:
        for name in ("lone_defender_scoring", "lone_defender_needs_loner"):
            key.pop(name)
    if not rules.going_alone:
        for name in ("maker_partner_alone", "loner_lead", "loner_march_points",
                     "loner_euchred_points"):
            key.pop(name)
    return key


# -- suits, cards and hands ------------------------------------------------------------


def canonical_code(c: Card, upcard: Card, lab: int) -> int:
    """The canonical code of card ``c`` (``suit * 6 + rank``) under labelling ``lab``
    relative to ``upcard``.

    >>> from euchre.engine.cards import parse_card
    >>> canonical_code(parse_card("Ah"), parse_card("9h"), 0)   # T, ace
    5
    >>> canonical_code(parse_card("9d"), parse_card("9h"), 0)   # N, nine
    6
    """
    return _CANON[card_suit(upcard)][lab][card_suit(c)] * 6 + card_rank(c) - NINE


def real_card(code: int, upcard: Card, lab: int) -> Card:
    """The card of canonical ``code`` under labelling ``lab`` (:func:`canonical_code`'s
    inverse).

    >>> from euchre.engine.cards import parse_card, card_name
    >>> card_name(real_card(6, parse_card("9h"), 0))
    '9d'
    """
    return _REAL[card_suit(upcard)][lab][code // 6] * 8 + code % 6 + NINE


def real_suit(canonical: int, upcard: Card, lab: int) -> int:
    """The real suit of canonical suit ``canonical`` (T 0, N 1, X1 2, X2 3).

    >>> from euchre.engine.cards import parse_card
    >>> real_suit(1, parse_card("9h"), 0), real_suit(2, parse_card("9h"), 0)
    (1, 0)
    >>> real_suit(2, parse_card("9h"), 1)
    3
    """
    return _REAL[card_suit(upcard)][lab][canonical]


def hand_index(hand: int, upcard: Card, lab: int, with_upcard: bool = False) -> int:
    """The combinatorial index of a five-card ``hand`` (a mask) under labelling ``lab``:
    among the 23 cards other than the upcard, or (``with_upcard``) among all 24.

    >>> from euchre.engine.cards import parse_card, parse_cards, mask_of
    >>> up = parse_card("9h")
    >>> hand_index(mask_of(parse_cards("Th Jh Qh Kh Ah")), up, 0)
    0
    >>> hand_index(mask_of(parse_cards("9h Th Jh Qh Kh")), up, 0, with_upcard=True)
    0
    """
    table = _CODES[upcard][lab][with_upcard]
    codes = []
    while hand:
        low = hand & -hand
        codes.append(table[low.bit_length() - 1])
        hand ^= low
    codes.sort()
    index = 0
    for i, code in enumerate(codes, 1):
        index += _BINOM[code][i]
    return index


def labelling(hand: int, upcard: Card, forced: int, with_upcard: bool = False
              ) -> tuple[int, int]:
    """``(labelling, hand index)`` of an information state: the ``forced`` labelling
    (0 or 1, fixed by a cross suit called), or with ``forced`` -1 the one giving the
    smaller index (0 on a tie).

    >>> from euchre.engine.cards import parse_card, parse_cards, mask_of
    >>> up = parse_card("9h")
    >>> a = labelling(mask_of(parse_cards("Jh Jd Ah 9c Tc")), up, -1)
    >>> b = labelling(mask_of(parse_cards("Jh Jd Ah 9s Ts")), up, -1)
    >>> a[1] == b[1], a[0] != b[0]      # clubs and spades swapped: one state
    (True, True)
    """
    if forced >= 0:
        return forced, hand_index(hand, upcard, forced, with_upcard)
    first = hand_index(hand, upcard, 0, with_upcard)
    second = hand_index(hand, upcard, 1, with_upcard)
    return (0, first) if first <= second else (1, second)


# -- the public tree -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Node:
    """A public decision: who (a relative seat) is asked what in which phase.

    ``actions`` are abstract (``pass``, ``order``, ``discard 0``.., ``call N``, ``call
    X1``, ``call X2``, ``stay``, ``alone``); ``children`` the node each leads to (a
    negative number ``-1 - i`` is leaf ``i``); ``contract`` the maker and trump class
    (``T``, ``N`` or ``X``) of a going-alone decision; ``hand24`` whether the seat's hand
    may hold the upcard (the dealer after taking it); ``offset`` and ``first_state``
    place its information states in a table."""

    index: int
    phase: str
    seat: int
    actions: tuple[str, ...]
    children: tuple[int, ...]
    contract: tuple[int, str] | None
    hand24: bool
    offset: int
    first_state: int

    @property
    def hands(self) -> int:
        """Hand indices per upcard rank."""
        return HANDS_24 if self.hand24 else HANDS_23

    @property
    def states(self) -> int:
        """Information states of this node."""
        return UPCARD_RANKS * self.hands


@dataclass(frozen=True, slots=True)
class Leaf:
    """A finished bidding: the maker (-1: thrown in), the trump class and who went
    alone, in order of declaration."""

    maker: int
    trump: str
    alone: tuple[int, ...]


class PublicTree:
    """The public bidding tree of ``rules`` with the dealer at relative seat 3, the
    layout of a table's information states, and a fingerprint of both.

    >>> t = PublicTree.of(Rules.preset("tournament"))
    >>> [n.phase for n in t.nodes[:4]]
    ['bid1', 'bid1', 'bid1', 'bid1']
    >>> len(t.nodes), len(t.leaves)
    (24, 24)
    """

    _cache: ClassVar[dict[str, PublicTree]] = {}

    def __init__(self, rules: Rules) -> None:
        reason = unsupported_reason(rules)
        if reason is not None:
            raise ValueError(f"no learned bidding under these rules: {reason}")
        self.rules = rules
        self._specs: list[tuple[str, int, tuple[str, ...], tuple[int, str] | None, bool]] = []
        self._children: list[list[int]] = []
        self.leaves: list[Leaf] = []
        self._alone_roots: dict[tuple[int, str], int] = {}
        root = self._bid1(0)
        assert root == 0
        nodes = []
        offset = state = 0
        for i, (phase, seat, actions, contract, hand24) in enumerate(self._specs):
            node = Node(i, phase, seat, actions, tuple(self._children[i]), contract, hand24,
                        offset, state)
            nodes.append(node)
            offset += node.states * len(actions)
            state += node.states
        self.nodes: tuple[Node, ...] = tuple(nodes)
        self.slots = offset
        """Numbers in a table: one per action of each information state."""
        self.states = state
        """Information states in all."""
        text = json.dumps([FORMAT, [(n.phase, n.seat, n.actions, n.children, n.hand24)
                                    for n in nodes],
                           [(lf.maker, lf.trump, lf.alone) for lf in self.leaves]])
        self.fingerprint = hashlib.sha256(text.encode()).hexdigest()[:16]
        """A digest of the tree and the layout: a table fits only its own."""

    @classmethod
    def of(cls, rules: Rules) -> PublicTree:
        """The tree of ``rules`` (made once per bidding key)."""
        key = json.dumps(bidding_key(rules), sort_keys=True)
        tree = cls._cache.get(key)
        if tree is None:
            tree = cls._cache[key] = cls(rules)
        return tree

    def _node(self, phase: str, seat: int, actions: tuple[str, ...],
              contract: tuple[int, str] | None = None, hand24: bool = False) -> int:
        self._specs.append((phase, seat, actions, contract, hand24))
        self._children.append([])
        return len(self._specs) - 1

    def _leaf(self, maker: int, trump: str, alone: tuple[int, ...]) -> int:
        self.leaves.append(Leaf(maker, trump, alone))
        return -len(self.leaves)

    def _bid1(self, seat: int) -> int:
        n = self._node("bid1", seat, ("pass", "order"))
        after_pass = self._bid1(seat + 1) if seat < DEALER else self._bid2(0)
        self._children[n] = [after_pass, self._exchange(seat)]
        return n

    def _exchange(self, maker: int) -> int:
        slots = 5 if self.rules.dealer_must_take_upcard else 6
        n = self._node("exchange", DEALER, tuple(f"discard {i}" for i in range(slots)))
        child = self._alone_root(maker, "T")
        self._children[n] = [child] * slots
        return n

    def _bid2(self, seat: int) -> int:
        stuck = self.rules.stick_the_dealer and seat == DEALER
        calls = ("call N", "call X1", "call X2")
        n = self._node("bid2", seat, calls if stuck else ("pass", *calls))
        children = []
        if not stuck:
            children.append(self._bid2(seat + 1) if seat < DEALER else self._leaf(-1, "", ()))
        cross = self._alone_root(seat, "X")
        children += [self._alone_root(seat, "N"), cross, cross]
        self._children[n] = children
        return n

    def _alone_root(self, maker: int, trump: str) -> int:
        key = (maker, trump)
        if key not in self._alone_roots:
            if not self.rules.going_alone:
                self._alone_roots[key] = self._leaf(maker, trump, ())
            else:
                rules = self.rules
                queue = rules.seating.alone_order(DEALER, maker, rules.maker_partner_alone,
                                                  rules.lone_defender)
                self._alone_roots[key] = self._ask(maker, trump, queue, ())
        return self._alone_roots[key]

    def _ask(self, maker: int, trump: str, queue: tuple[int, ...],
             alone: tuple[int, ...]) -> int:
        """The engine's ``_next_alone``: the next seat of ``queue`` that may go alone."""
        seating = self.rules.seating
        for i, seat in enumerate(queue):
            if seating.partner_of[seat] in alone:
                continue
            if self.rules.lone_defender_needs_loner and not seating.same_team(seat, maker) \
                    and not any(seating.same_team(a, maker) for a in alone):
                continue
            hand24 = seat == DEALER and trump == "T"
            n = self._node("alone", seat, ("stay", "alone"), (maker, trump), hand24)
            rest = queue[i + 1:]
            self._children[n] = [self._ask(maker, trump, rest, alone),
                                 self._ask(maker, trump, rest, (*alone, seat))]
            return n
        return self._leaf(maker, trump, alone)

    def state_index(self, node: Node, up_rank: int, hand: int) -> int:
        """The ordinal of an information state among all of the tree's."""
        return node.first_state + up_rank * node.hands + hand

    def slot(self, node: Node, up_rank: int, hand: int) -> int:
        """Where an information state's first action lies in a table."""
        return node.offset + (up_rank * node.hands + hand) * len(node.actions)


# -- a view's place in the tree --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """Where a decision stands: the node, the labelling, the hand index, and the
    information state's first slot in a table."""

    node: Node
    lab: int
    hand: int
    up_rank: int
    slot: int


def _abstract(action: Action, upcard: Card, forced: int, node: Node) -> tuple[int, int]:
    """The slot of ``action`` at ``node`` and the forced labelling after it (a cross
    suit called is X1: both cross calls lead to the same node)."""
    if isinstance(action, Pass):
        return node.actions.index("pass"), forced
    if isinstance(action, Order):
        return node.actions.index("order"), forced
    if isinstance(action, GoAlone):
        return node.actions.index("alone" if action.alone else "stay"), forced
    if isinstance(action, Call):
        up = card_suit(upcard)
        canon = _CANON[up][0][action.suit]
        if canon == 1:
            return node.actions.index("call N"), forced
        return node.actions.index("call X1"), 0 if canon == 2 else 1
    raise ValueError(f"{action} is not a call of the bidding")


def locate(tree: PublicTree, view: PlayerView) -> Place | None:
    """The information state of ``view``'s decision, or ``None`` when it is not a
    decision of the bidding (the play, another phase) or the calls leave the tree.

    >>> from euchre.engine.game import Game
    >>> game = Game(Rules(), seed=3)
    >>> place = locate(PublicTree.of(game.rules), game.view(game.to_act))
    >>> place.node.index, place.node.phase
    (0, 'bid1')
    """
    if view.phase not in ("bid1", "exchange", "bid2", "alone"):
        return None
    dealer = view.dealer
    upcard = view.upcard
    if upcard < 0 or card_rank(upcard) < NINE or view.hand.mask.bit_count() != 5:
        return None  # a record's unknown cards, or a deck without its tables
    seat = (view.seat - dealer - 1) % 4
    node = tree.nodes[0]
    forced = -1
    for who, action in view.calls:
        rel = (who - dealer - 1) % 4
        if rel != node.seat:
            return None
        try:
            slot, forced = _abstract(action, upcard, forced, node)
        except ValueError:
            return None
        child = node.children[slot]
        if child < 0:
            return None
        node = tree.nodes[child]
        if node.phase == "exchange" and view.phase != "exchange":
            if node.children[0] < 0:
                return None
            node = tree.nodes[node.children[0]]  # the discard is no call: step over it
    if node.phase != view.phase or node.seat != seat:
        return None
    lab, hand = labelling(view.hand.mask, upcard, forced, node.hand24)
    up_rank = card_rank(upcard) - NINE
    return Place(node, lab, hand, up_rank, tree.slot(node, up_rank, hand))


def action_of(place: Place, slot: int, view: PlayerView) -> Action:
    """The real action of abstract action ``slot`` at ``place``."""
    name = place.node.actions[slot]
    upcard = view.upcard
    if name == "pass":
        return PASS
    if name == "order":
        return ORDER
    if name == "stay":
        return STAY
    if name == "alone":
        return ALONE
    if name.startswith("call"):
        canonical = {"call N": 1, "call X1": 2, "call X2": 3}[name]
        return CALL[real_suit(canonical, upcard, place.lab)]
    options = discard_options(view.hand.mask, upcard, place.lab,
                              view.rules.dealer_must_take_upcard)
    return DISCARD[options[int(name.split()[1])]]


def discard_options(hand: int, upcard: Card, lab: int, keep_upcard: bool) -> list[Card]:
    """The dealer's options to lay away (the hand, and the upcard unless the dealer must
    keep it), in the order of their canonical codes under ``lab``: the discard slots.

    >>> from euchre.engine.cards import parse_card, parse_cards, mask_of, card_name
    >>> opts = discard_options(mask_of(parse_cards("Ac 9d Ts Kh Qh")), parse_card("9h"), 0,
    ...                        False)
    >>> [card_name(c) for c in opts]
    ['9h', 'Qh', 'Kh', '9d', 'Ac', 'Ts']
    """
    cards = cards_of(hand) if keep_upcard else [*cards_of(hand), upcard]
    return sorted(cards, key=lambda c: canonical_code(c, upcard, lab))


# -- the shipped tables ----------------------------------------------------------------


class Table:
    """A learned table: its header and, read at the first look-up, its body (a byte
    per action of each information state, :data:`MARK_UNVISITED` first where the
    training never reached the state).

    The file is a 4-byte big-endian length, the JSON header, then the body compressed
    with LZMA."""

    def __init__(self, path: Path, header: dict[str, object], body_at: int) -> None:
        self.path = path
        self.header = header
        self._body_at = body_at
        self._body: bytes | None = None
        self._lock = threading.Lock()

    @classmethod
    def read_header(cls, path: Path) -> Table:
        """The table at ``path``, its body not read yet."""
        with open(path, "rb") as f:
            (size,) = struct.unpack(">I", f.read(4))
            header = json.loads(f.read(size).decode("utf-8"))
        if not isinstance(header, dict):
            raise ValueError(f"{path}: the header is not a JSON object")
        return cls(path, header, 4 + size)

    @property
    def body(self) -> bytes:
        """The decompressed body (read once)."""
        with self._lock:
            if self._body is None:
                with open(self.path, "rb") as f:
                    f.seek(self._body_at)
                    self._body = lzma.decompress(f.read())
            return self._body

    def probabilities(self, place: Place) -> list[float] | None:
        """The learned probabilities of the actions at ``place`` (``None``: unvisited)."""
        k = len(place.node.actions)
        row = self.body[place.slot:place.slot + k]
        if len(row) < k or row[0] == MARK_UNVISITED:
            return None
        total = sum(row)
        if total == 0:
            return None
        return [b / total for b in row]


def write_table(path: Path, header: dict[str, object], body: bytes, level: int = 9) -> int:
    """Write a table file atomically (the body compressed with LZMA at ``level``);
    returns its size in bytes."""
    head = json.dumps(header, sort_keys=True).encode("utf-8")
    data = struct.pack(">I", len(head)) + head + lzma.compress(body, preset=level)
    part = path.with_name(f".{path.name}.part")
    part.write_bytes(data)
    part.replace(path)
    return len(data)


_TABLES: dict[str, Table | None] = {}
_TABLES_LOCK: Final = threading.Lock()
_SEARCH: list[Path] = [DATA_DIR]
"""Where tables are looked for (tests add a folder)."""


def table_for(rules: Rules) -> Table | None:
    """The shipped table trained for ``rules`` (matched by :func:`bidding_key` and the
    tree's fingerprint), or ``None``. Headers are read at the first call; a body at its
    first look-up.

    >>> table_for(Rules.preset("two-handed")) is None
    True
    """
    if not supported(rules):
        return None
    tree = PublicTree.of(rules)
    key = json.dumps(bidding_key(rules), sort_keys=True)
    with _TABLES_LOCK:
        if key not in _TABLES:
            _TABLES[key] = None
            for folder in _SEARCH:
                for path in sorted(folder.glob("bidding-*.xz")):
                    try:
                        table = Table.read_header(path)
                    except (OSError, ValueError, struct.error):
                        continue
                    h = table.header
                    if (h.get("format") == FORMAT and h.get("fingerprint") == tree.fingerprint
                            and h.get("bidding_key") == json.loads(key)):
                        _TABLES[key] = table
                        break
                if _TABLES[key] is not None:
                    break
        return _TABLES[key]


def forget_tables() -> None:
    """Forget the tables found (after :data:`_SEARCH` changes: tests)."""
    with _TABLES_LOCK:
        _TABLES.clear()


def search_folder(folder: Path) -> None:
    """Look for tables in ``folder`` first from now on."""
    _SEARCH.insert(0, folder)
    forget_tables()


def policy(view: PlayerView, legal: Sequence[Action]) -> dict[Action, float] | None:
    """The learned probabilities of ``legal``'s actions at a decision of the bidding,
    the dealer's discard or going alone; ``None`` where there is no table for the rules,
    the decision is not one of these, or the training never reached it.

    >>> from euchre.engine.game import Game
    >>> game = Game(Rules.preset("two-handed"), seed=1)
    >>> policy(game.view(game.to_act), game.legal_actions()) is None
    True
    """
    table = table_for(view.rules)
    if table is None:
        return None
    place = locate(PublicTree.of(view.rules), view)
    if place is None:
        return None
    probs = table.probabilities(place)
    if probs is None:
        return None
    out: dict[Action, float] = {}
    for slot, p in enumerate(probs):
        action = action_of(place, slot, view)
        if action in legal:
            out[action] = out.get(action, 0.0) + p
    if not out:
        return None
    return out

