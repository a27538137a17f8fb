"""The content files: rulebook data with its sections, sample data labelled, bad entries named."""

from importlib import resources

import pytest

from tabletoolkit.andromeda.catalog import Catalog, load_catalog
from tabletoolkit.andromeda.goods import Goods
from tabletoolkit.engine import InvalidInput

CATALOG = load_catalog()


def texts():
    folder = resources.files("tabletoolkit.andromeda").joinpath("data")
    return {name: folder.joinpath(name).read_text(encoding="utf-8") for name in ("rulebook.toml", "tracks.toml", "sample_cards.toml")}


def test_rulebook_content_cites_its_sections():
    assert [m.name for m in CATALOG.core_modules] == ["Primary Reactor", "Shipwright", "Treasury", "Architect"]
    assert all(m.section == "返回空间站回合 · 核心模块" for m in CATALOG.core_modules)
    assert CATALOG.module("Primary Reactor").gain == Goods.of(energy=2) and CATALOG.module("Treasury").gain == Goods.of(credit=1)
    assert set(CATALOG.alliance_bases) == {"Monolith of Ancients", "Trade Hub", "Maximus Field", "Odessa Field", "Shipyard",
                                           "Development Office"}
    assert CATALOG.alliance_bases["Monolith of Ancients"].pay_any == 2 and CATALOG.alliance_bases["Monolith of Ancients"].draw == 3
    assert CATALOG.alliance_bases["Trade Hub"].gain == Goods.of(credit=2)
    assert {k: d.ability for k, d in CATALOG.developments.items()} == {
        "observatory": "peek_archive", "factory": "repair_twice", "spaceport": "trade_2_for_3", "city": "free_module",
        "obelisk": "gain_4_energy"}
    assert CATALOG.developments["city"].leaders == 3 and CATALOG.developments["factory"].leaders == 2
    assert CATALOG.ship("heavy_cruiser", False).weapons == 3 and CATALOG.ship("heavy_cruiser", True).weapons == 4
    assert CATALOG.limits["claimed_moons"] == 4 and CATALOG.limits["hand_limit"] == 5


def test_the_variants_rulebook_values_match_the_cited_data():
    from tabletoolkit.andromeda.variant import RULEBOOK

    assert (RULEBOOK.claimed_moon_limit, RULEBOOK.hand_limit, RULEBOOK.development_vp_cap) == (
        CATALOG.limits["claimed_moons"], CATALOG.limits["hand_limit"], CATALOG.limits["development_vp_cap"])


def test_sample_caps_special_regions_and_destiny_cards_are_checked():
    book, tracks, cards = texts().values()
    assert CATALOG.resource_caps["energy"] == 8 and set(CATALOG.special_regions) == {
        "Quasar I", "Quasar II", "Vortex of Brilliance", "Vortex of Power"}
    assert all(len(goals) == 2 for _, goals in CATALOG.destiny_cards)
    caps_without_titanium = cards.replace("[resource_caps]\nenergy = 8\ntitanium = 8\n", "[resource_caps]\nenergy = 8\n")
    assert caps_without_titanium != cards
    with pytest.raises(InvalidInput) as refused:
        Catalog.from_toml(book, tracks, caps_without_titanium)
    assert refused.value.field == "sample_cards.toml: resource_caps.titanium"
    luck = '[[destiny_card]]\nname = "X"\ngoals = [{ track = "luck", vp = 1 }, { track = "science", vp = 1 }]\n'
    with pytest.raises(InvalidInput) as refused:
        Catalog.from_toml(book, tracks, cards + "\n" + luck)
    assert refused.value.field == f"sample_cards.toml: destiny_card[{len(CATALOG.destiny_cards)}].goals[0].track"


def test_unknown_fields_duplicates_and_absurd_counts_are_refused_naming_the_file():
    book, tracks, cards = texts().values()
    for edited, field in ((book.replace("[source]\n", "[source]\nprcie = 3\n"), "rulebook.toml: source.prcie"),
                          (book + '\n[[tactics_card]]\nname = "Automation"\nkind = "event"\nsection = "x"\n',
                           "rulebook.toml: tactics_card[7].name"),
                          (book.replace("gain = { energy = 2 }", "gain = { energy = 1000000000 }"),
                           "rulebook.toml: core_module[0].gain.energy")):
        with pytest.raises(InvalidInput) as refused:
            Catalog.from_toml(edited, tracks, cards)
        assert refused.value.field == field
    with pytest.raises(InvalidInput) as refused:
        Catalog.from_toml(book, tracks, cards.replace("action = 24", "action = 100000000"))
    assert refused.value.field == "sample_cards.toml: tactics_deck.action"


def test_sample_data_is_labelled():
    assert CATALOG.sources["sample_cards"] == "sample"
    assert CATALOG.sources["tracks"].startswith("sample")
    assert "SAMPLE DATA" in texts()["sample_cards.toml"] and "SAMPLE DATA" in texts()["tracks.toml"]
    assert len(CATALOG.planets) == 15 and all(sum(p.type == t for p in CATALOG.planets) == 3 for t in CATALOG.developments)


def test_track_data_is_calibrated_to_the_scoring_example():
    assert CATALOG.track("industry").vp[CATALOG.track("industry").top] == 20
    assert CATALOG.development_vp["factory"][2] == 10 and CATALOG.development_vp["spaceport"][1] == 7
    assert CATALOG.text_track_values["industry"] == (12, 10, 9, 8, 7)


@pytest.mark.parametrize("file,old,new,field", [
    ("tracks.toml", "development_levels = [3, 7, 12]", "development_levels = [3, 12]", "tracks.toml: track.industry.development_levels"),
    ("tracks.toml", "vp = [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14]", "vp = [0, 1, -2]", "tracks.toml: track.supremacy.vp[2]"),
    ("sample_cards.toml", 'type = "factory"\ncost = { titanium = 3 }', 'type = "forge"\ncost = { titanium = 3 }', "sample_cards.toml: planet[0].type"),
    ("sample_cards.toml", 'name = "Quantum Loom"\nrow = "science"', 'name = "Quantum Loom"\nrow = "magic"', "sample_cards.toml: module[3].row"),
    ("sample_cards.toml", "gain = { titanium = 2 }\nsection", "gain = { unobtainium = 2 }\nsection", "sample_cards.toml: module[0].gain.unobtainium"),
])
def test_bad_entries_are_named(file, old, new, field):
    files = texts()
    assert old in files[file]
    files[file] = files[file].replace(old, new, 1)
    with pytest.raises(InvalidInput) as refused:
        Catalog.from_toml(files["rulebook.toml"], files["tracks.toml"], files["sample_cards.toml"])
    assert refused.value.field == field


def test_goods_payment_with_credit():
    cost = Goods.of(titanium=2, energy=1)
    assert Goods.of(titanium=1, credit=1, energy=1).covers(cost) is None
    assert "energy" in Goods.of(titanium=2, credit=1).covers(cost)
    assert Goods.of(titanium=1, credit=3, energy=1).payment_for(cost) == Goods.of(titanium=1, credit=1, energy=1)
    assert Goods.of(titanium=1, energy=1).payment_for(cost) is None


def test_the_cached_catalog_cannot_be_changed_in_place():
    catalog = load_catalog()
    for change in (lambda: catalog.tracks.clear(), lambda: catalog.limits.update(hand_limit=9),   # type: ignore[attr-defined]
                   lambda: catalog.scoring_example["tracks"].clear(), lambda: catalog.fleet.pop("fighter")):  # type: ignore[attr-defined]
        with pytest.raises((AttributeError, TypeError)):
            change()
    assert catalog is load_catalog() and catalog.limits["hand_limit"] == 5 and len(catalog.tracks) == 5


def test_the_rulebook_limits_give_the_variants_values_with_their_sections():
    from tabletoolkit.andromeda.variant import RULEBOOK, AndromedaVariant

    catalog = load_catalog()
    assert (RULEBOOK.hand_limit, RULEBOOK.claimed_moon_limit, RULEBOOK.development_vp_cap) == (
        catalog.limits["hand_limit"], catalog.limits["claimed_moons"], catalog.limits["development_vp_cap"])
    assert catalog.limit_sections["hand_limit"] == "自由行动 · 战术卡上限"
    assert {c.name: c.section for c in AndromedaVariant.constants()}["hand_limit"] == "自由行动 · 战术卡上限"


def test_the_fleet_starts_with_the_rulebooks_ships_in_the_launch_bay():
    from tabletoolkit.andromeda.state import fleet

    ships = fleet("red")
    assert dict(CATALOG.start_in_bay) == {"transport": 3}
    assert [s.id for s in ships if s.where == "bay"] == ["transport-1", "transport-2", "transport-3"]
    assert len(ships) == sum(CATALOG.fleet.values()) and all(s.owner == "red" for s in ships)
