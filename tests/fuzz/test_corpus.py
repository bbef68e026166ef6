"""The committed corpus: failures found by the fuzzer, checked on every run."""
import pytest

from corpus.cases import CASES
from differential import check

pytestmark = pytest.mark.gpu


@pytest.mark.parametrize('fn', [fn for _, fn in CASES], ids=[name for name, _ in CASES])
def test_corpus_case(fn):
    check(fn)
