# tests/python/linalg/einsum_cases.py -- einsum expressions and operand shapes shared by the GPU tests
# of test_products_einsum.py (values against numpy.einsum) and its CPU ones (plans replayed with
# NumPy's functions, paths against numpy.einsum_path).

CASES = [
    ('ij,jk->ik', [(2, 3), (3, 4)]),
    ('bij,bjk->bik', [(5, 2, 3), (5, 3, 4)]),
    ('ij,jk', [(2, 3), (3, 4)]),
    ('ij->ji', [(2, 3)]),
    ('ij', [(2, 3)]),
    ('ji', [(2, 3)]),
    ('ii->i', [(3, 3)]),
    ('ii', [(3, 3)]),
    ('iij->j', [(3, 3, 2)]),
    ('ij->', [(2, 3)]),
    ('ij->j', [(2, 3)]),
    ('i,i->', [(4,), (4,)]),
    ('i,j->ij', [(3,), (4,)]),
    ('ij,ij->ij', [(2, 3), (2, 3)]),
    ('ij,ji->', [(2, 3), (3, 2)]),
    ('ijk,kj->i', [(2, 3, 4), (4, 3)]),
    ('ij,jk,kl->il', [(2, 3), (3, 4), (4, 5)]),
    ('ij,jk,kl', [(2, 3), (3, 40), (40, 5)]),
    ('a,b,c->abc', [(2,), (3,), (4,)]),
    ('ab,cd,bc->ad', [(2, 3), (4, 5), (3, 4)]),
    ('...ij,...jk->...ik', [(2, 1, 3, 4), (5, 4, 2)]),
    ('...ij,...jk', [(2, 3, 4), (4, 2)]),
    ('i...->...', [(3, 2, 4)]),
    ('...,...', [(2, 3), (3,)]),
    (',ij->ij', [(), (2, 3)]),
    ('ij,j->i', [(3, 1), (4,)]),    # size-1 dimension broadcasts
    ('ijk,ikl->ijl', [(3, 0, 2), (3, 2, 4)]),
    ('ijkl->ljik', [(2, 3, 4, 5)]),
    ('ijk,jil->kl', [(3, 4, 5), (4, 3, 2)]),
    ('bn,anm,bm->ba', [(2, 3), (4, 3, 5), (2, 5)]),
    ('bi,bi->b', [(5, 4), (5, 4)]),      # batched dots: product, then cunp.sum
    ('bi,bi->b', [(5, 1), (1, 4)]),      # ... with both operands broadcast
    ('ij,ij->ij', [(2, 1), (1, 3)]),     # nothing summed: a broadcast product
]
