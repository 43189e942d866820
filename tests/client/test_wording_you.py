"""A seat named "You" reads right in every table's narration, 16 Combos' verbs and possessives too."""

from game.client.table.wording import you_form


def test_possessives_and_sixteen_combos_verbs():
    assert you_form("Last check: You's vitality 13 against Bruno's wealth 7") == \
        "Last check: Your vitality 13 against Bruno's wealth 7"
    assert you_form("You uses vitality on Bruno's wealth pair: 13 against 7, defeated: Scavenge.") == \
        "You use vitality on Bruno's wealth pair: 13 against 7, defeated: Scavenge."
    assert you_form("Ada uses strength on You's wealth pair.") == "Ada uses strength on your wealth pair."
    assert you_form("You's pair is now worth 5.") == "Your pair is now worth 5."
    assert you_form("You counters with finesse.") == "You counter with finesse."
    assert you_form("Bruno's pair is now worth 5.") == "Bruno's pair is now worth 5."
