"""Go sections to and from OpenGotha XML, and the EGF results file (.h9).

The file formats live in pairing/opengotha.py, pairing/h9.py and
pairing/gorecord.py (pure Python); this module maps a Go section onto their
`GoTournament` and back.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction

from pairing.gorecord import GoBye, GoGame, GoPlayer, GoSettings, GoTournament, mcmahon_config
from tournaments import services
from tournaments.errors import ServiceError
from tournaments.models import Bye, ByeRequest, Game, Player, Result, Round, RoundStatus, Section

RESULT_TO_GOTHA = {
    Result.PENDING: "RESULT_UNKNOWN",
    Result.WHITE_WINS: "RESULT_WHITEWINS",
    Result.BLACK_WINS: "RESULT_BLACKWINS",
    Result.DRAW: "RESULT_EQUAL",
    Result.WHITE_FORFEIT_WIN: "RESULT_WHITEWINS_BYDEF",
    Result.BLACK_FORFEIT_WIN: "RESULT_BLACKWINS_BYDEF",
    Result.DOUBLE_FORFEIT: "RESULT_BOTHLOSE_BYDEF",
}
GOTHA_TO_RESULT = {v: k for k, v in RESULT_TO_GOTHA.items()}
GOTHA_TO_RESULT["RESULT_EQUAL_BYDEF"] = Result.DRAW
# The engine settings a section holds in its own fields (the rest go to mcmahon_options).
OWN_FIELDS = (
    "bar",
    "floor",
    "handicap_reduction",
    "handicap_cap",
    "komi_even",
    "komi_handicap",
    "bye_points",
    "absent_points",
)


def split_name(name: str) -> tuple[str, str]:
    """ "Family, Given" -> ("Family", "Given"); a name without a comma is all family name."""
    family, _, given = name.partition(",")
    return family.strip(), given.strip()


def join_name(family: str, given: str) -> str:
    return f"{family.strip()}, {given.strip()}" if given.strip() else family.strip()


def section_go_tournament(*, section: Section, published_only: bool = False) -> GoTournament:
    from tournaments.mcmahon_glue import section_config

    event = section.event
    config = section_config(section)
    players = list(section.players.order_by("pairing_number"))
    index = {p.pk: k for k, p in enumerate(players)}
    rounds = section.rounds.order_by("number")
    if published_only:
        rounds = rounds.filter(status__in=[RoundStatus.PUBLISHED, RoundStatus.CLOSED])
    requested = {
        (r.player_id, r.round_number) for r in ByeRequest.objects.filter(player__section=section)
    }
    t = GoTournament(
        settings=GoSettings(
            name=f"{event.name} - {section.name}",
            short_name=section.slug[:20],
            location=event.venue,
            begin_date=event.start_date.isoformat() if event.start_date else "",
            end_date=event.end_date.isoformat() if event.end_date else "",
            number_of_rounds=section.total_rounds,
            komi=float(section.komi_even),
            mm_bar=section.mcmahon_bar.upper() or "9D",
            mm_floor=section.mcmahon_floor.upper() or "30K",
            bye_points=float(section.points_pairing_bye),
            absent_points=float(section.points_absent),
            handicap_ceiling=section.handicap_cap,
            handicap_correction=section.handicap_reduction,
            seed_criterion="Rank" if config.seed_order == "rank" else "Rating",
        )
    )
    for p in players:
        family, given = split_name(p.name)
        mask = "".join(
            "1" if p.is_active_in(r) and (p.pk, r) not in requested else "0"
            for r in range(1, section.total_rounds + 1)
        )
        t.players.append(
            GoPlayer(
                name=family,
                first_name=given,
                rank=p.go_rank.upper(),
                rating=p.rating or 0,
                club=p.club,
                country=p.federation,
                egf_pin=p.egf_pin,
                registration="PRE" if p.withdrawn_from_round == 1 else "FIN",
                participating=mask,
                mms_correction=p.mms_correction,
            )
        )
    for g in (
        Game.objects.filter(round__in=rounds)
        .select_related("round")
        .order_by("round__number", "board")
    ):
        t.games.append(
            GoGame(
                round=g.round.number,
                white=index[g.white_id],
                black=index[g.black_id],
                result=RESULT_TO_GOTHA[g.result],
                handicap=g.handicap,
                table=g.board,
            )
        )
    for b in Bye.objects.filter(round__in=rounds, kind="pab").select_related("round"):
        t.byes.append(GoBye(round=b.round.number, player=index[b.player_id]))
    return t


def opengotha_export(*, section: Section, published_only: bool = False) -> str:
    from pairing.formats.opengotha import dumps_opengotha

    return dumps_opengotha(section_go_tournament(section=section, published_only=published_only))


def h9_export(*, section: Section, published_only: bool = False) -> str:
    from pairing.formats.h9 import dumps_h9
    from tournaments.mcmahon_glue import section_config

    t = section_go_tournament(section=section, published_only=published_only)
    return dumps_h9(t, config=section_config(section))


# Rank settings of an OpenGotha file: (GoSettings field, the file's attribute).
RANK_SETTINGS = (
    ("mm_bar", "genMMBar"),
    ("mm_floor", "genMMFloor"),
    ("mm_zero", "genMMZero"),
    ("no_handicap_rank", "hdNoHdRankThreshold"),
)


def _settings_config(t: GoTournament):
    """The McMahon configuration of a file's settings, or ServiceError naming the
    attribute that is wrong."""
    from pairing.engine.mcmahon.ranks import parse_rank

    for name, attribute in RANK_SETTINGS:
        try:
            parse_rank(getattr(t.settings, name))
        except ValueError as exc:
            raise ServiceError(f"OpenGotha: the file's settings: {attribute}: {exc}") from exc
    try:
        return mcmahon_config(t.settings)
    except ValueError as exc:
        raise ServiceError(f"OpenGotha: the file's settings: {exc}") from exc


def _check_games(t: GoTournament) -> None:
    """What the database would refuse (or choke on) in the games, said for people."""
    for g in t.games:
        if not 0 <= g.handicap <= 9:
            raise ServiceError(
                f"OpenGotha: round {g.round}, table {g.table}: handicap {g.handicap} is not "
                "a number of stones from 0 to 9."
            )
        if g.round > 99:
            raise ServiceError(f"OpenGotha: a game in round {g.round}: at most 99 rounds.")


def _settings_update(*, section: Section, **fields) -> None:
    try:
        services.section_update(section=section, **fields)
    except ServiceError as exc:
        raise ServiceError(f"OpenGotha: the file's settings: {exc.message}") from exc


def opengotha_import(*, section: Section, text: str):
    """Players, rounds, games, byes and McMahon settings of an OpenGotha file, into an
    empty Go section. Rounds with every result are closed, the others published."""
    from pairing.formats.opengotha import OpenGothaError, loads_opengotha
    from tournaments.files import ImportReport

    if not section.is_go:
        raise ServiceError(f"{section.name} is a chess section; OpenGotha files are for Go.")
    try:
        t = loads_opengotha(text, source="the file")
    except (OpenGothaError, ValueError) as exc:
        raise ServiceError(f"OpenGotha: {exc}") from exc
    config = _settings_config(t)
    options = {k: v for k, v in config.to_dict().items() if k not in OWN_FIELDS}
    s = t.settings
    report = ImportReport()
    given = section
    with transaction.atomic():
        section = Section.objects.select_for_update().get(pk=section.pk)
        if section.players.exists() or section.rounds.exists():
            raise ServiceError(f"{section.name} already has players; import into an empty section.")
        last = max(t.rounds_with_games(), default=0)
        _check_games(t)
        _settings_update(
            section=section,
            total_rounds=max(s.number_of_rounds, last, 1),
            mcmahon_bar=s.mm_bar.lower(),
            mcmahon_floor=s.mm_floor.lower(),
            handicap_cap=min(s.handicap_ceiling, 9),
            handicap_reduction=s.handicap_correction,
            komi_even=Decimal(str(s.komi)),
            points_pairing_bye=Decimal(str(s.bye_points)),
            points_absent=Decimal(str(s.absent_points)),
            mcmahon_options=options,
        )
        players: list[Player] = []
        for k, gp in enumerate(t.players, start=1):
            try:
                player = services.player_create(
                    section=section,
                    name=join_name(gp.name, gp.first_name),
                    pairing_number=k,
                    go_rank=gp.rank.lower(),
                    rating=gp.rating or None,
                    club=gp.club[:120],
                    federation=gp.country[:3].upper(),
                    egf_pin=gp.egf_pin[:12],
                    mms_correction=gp.mms_correction,
                )
            except ServiceError as exc:
                raise ServiceError(f"OpenGotha player {k} ({gp.full_name}): {exc.message}") from exc
            if gp.registration != "FIN":
                player.withdrawn_from_round = 1
                player.save(update_fields=["withdrawn_from_round"])
            players.append(player)
        report.players = len(players)
        bye_kind = "half" if s.absent_points >= 0.5 else "zero"
        for r in range(1, last + 1):
            games = t.games_in(r)
            rnd = Round.objects.create(
                section=section, number=r, seed=section.seed, status=RoundStatus.PUBLISHED
            )
            boards = [g.table for g in games]
            if sorted(boards) != list(range(1, len(games) + 1)):
                boards = list(range(1, len(games) + 1))
            Game.objects.bulk_create(
                Game(
                    round=rnd,
                    board=b,
                    white=players[g.white],
                    black=players[g.black],
                    result=GOTHA_TO_RESULT.get(g.result, Result.PENDING),
                    handicap=g.handicap,
                    komi=Decimal(str(0.5 if g.handicap else s.komi)),
                )
                for b, g in zip(boards, games, strict=True)
            )
            for b in t.byes_in(r):
                Bye.objects.create(
                    round=rnd,
                    player=players[b.player],
                    kind="pab",
                    points=Decimal(str(s.bye_points)),
                )
                report.byes += 1
            if games and all(g.points() is not None for g in games):
                rnd.status = RoundStatus.CLOSED
                rnd.save(update_fields=["status"])
            report.rounds += 1
            report.games += len(games)
        for k, gp in enumerate(t.players):
            if gp.registration != "FIN":
                continue
            for r in range(last + 1, section.total_rounds + 1):
                if not gp.participates(r):
                    ByeRequest.objects.create(player=players[k], round_number=r, kind=bye_kind)
    given.refresh_from_db()
    return report
