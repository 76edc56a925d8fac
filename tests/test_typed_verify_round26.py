"""Red team round 26 on real filings: a text claim that says of all union-represented employees what Verizon's
quote says only of those 'who serve customers in our Mid-Atlantic and Northeast service areas'."""

from __future__ import annotations

from tests.conftest import needs_shared
from tests.test_placed_cells import filing  # noqa: F401  (the fixture)
from tests.test_typed_verify_round21_filings import verdict
from tests.test_typed_verify_round25 import text

pytestmark = needs_shared

AGREEMENTS = (
    "The current collective bargaining agreements covering our union-represented employees who serve customers in "
    "our Mid-Atlantic and Northeast service areas extend through August 1, 2026."
)


def test_a_claim_that_drops_its_quote_s_restrictive_clause_is_unchecked(run_cli, fake_openai, filing):  # noqa: F811
    verizon = filing("VERIZON_2022_10K")
    asked = "Describe when Verizon's collective bargaining agreements with its union-represented employees expire."
    widened = text(
        "Verizon's collective bargaining agreements covering its union-represented employees extend through "
        "August 1, 2026.",
        629,
        630,
        AGREEMENTS,
    )
    status, check = verdict(run_cli, fake_openai, verizon, asked, widened)
    assert status == "unchecked", check
    assert any("'employees who serve customers" in f["detail"] for f in check["fields"]), check
    kept = text(
        "The agreements covering union-represented employees who serve customers in the Mid-Atlantic and Northeast "
        "service areas extend through August 1, 2026.",
        629,
        630,
        AGREEMENTS,
    )
    assert verdict(run_cli, fake_openai, verizon, asked, kept)[0] == "supported"
    regional = asked.replace("employees", "employees in its Northeast service areas")
    assert verdict(run_cli, fake_openai, verizon, regional, widened)[0] == "supported"
